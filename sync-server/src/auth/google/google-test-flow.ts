import { expect } from 'vitest';
import type { Config } from '../../config.ts';
import { sessionSetBy } from '../../test/accounts.ts';
import { type StandInIdentity, startGoogleStandIn } from '../../test/google-oauth-stand-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

export const CLIENT_ID = 'campus-test.apps.googleusercontent.com';
const CLIENT_SECRET = 'stand-in-secret';

/** The app with Google sign-in pointed at a fresh stand-in that knows each campus's callback. */
export async function createGoogleTestApp(identity: StandInIdentity, overrides: Partial<Config> = {}) {
  const redirectUris = ['ou', 'utexas', 'campus'].map((site) => `http://${site}.localhost/auth/google/callback`);
  const standIn = await startGoogleStandIn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris,
    identity,
  });
  const app = await createTestApp({
    googleClientId: CLIENT_ID,
    googleClientSecret: CLIENT_SECRET,
    googleOauthBaseUrl: standIn.baseUrl,
    ...overrides,
  });
  return { app, standIn };
}

export interface FlowOptions {
  host?: string;
  /** Appended to /auth/google, e.g. '?redirect=/post/1'. */
  query?: string;
  /** Changes the flow cookies before the callback (name → value), to play an attacker. */
  editCookies?: (cookies: Map<string, string>) => void;
  /** Changes the callback URL Google sent the browser to (or does something just before it is opened). */
  editCallback?: (url: URL) => void | Promise<void>;
}

/** `name=value` of every cookie a response set (an emptied cookie is a deletion, so left out). */
function cookiesSetBy(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value) cookies.set(pair.slice(0, pair.indexOf('=')), value);
  }
  return cookies;
}

/**
 * The browser's part of the flow, over real HTTP to the stand-in: start at
 * /auth/google, follow the redirect to the authorization endpoint, and bring
 * the callback URL it answers back to the app with the flow cookies.
 */
export async function runGoogleFlow(app: TestApp, options: FlowOptions = {}) {
  const { host = 'ou.localhost', query = '' } = options;
  const start = await app.request(`/auth/google${query}`, { host });
  expect(start.status).toBe(302);
  const cookies = cookiesSetBy(start);
  options.editCookies?.(cookies);
  const authorization = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  expect(authorization.status).toBe(302);
  const callbackUrl = new URL(authorization.headers.get('location') ?? '');
  expect(callbackUrl.origin).toBe(`http://${host}`);
  await options.editCallback?.(callbackUrl);
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const callbackPath = `${callbackUrl.pathname}${callbackUrl.search}`;
  const callback = await app.request(callbackPath, { host, headers: { cookie } });
  expect(callback.status).toBe(302);
  return {
    start,
    callback,
    callbackPath,
    cookie,
    location: callback.headers.get('location'),
    session: sessionSetBy(callback),
  };
}

/** The user row with `email` (case as stored). */
export function userByEmail(app: TestApp, email: string) {
  return app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}
