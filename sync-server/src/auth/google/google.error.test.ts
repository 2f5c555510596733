import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createGoogleTestApp, runGoogleFlow } from './google-test-flow.ts';

const ALEX = { sub: '2001', email: 'alex.kim@gmail.com', email_verified: true, name: 'Alex Kim' };

async function userCount(app: TestApp): Promise<number> {
  return (await app.db.selectFrom('users').select('id').execute()).length;
}

describe('Google sign-in failures redirect to /login with a code', () => {
  it('sends /auth/google to /login?google=unavailable when the client id and secret are not set', async () => {
    const app = await createTestApp({ googleClientId: undefined, googleClientSecret: undefined });
    const response = await app.request('/auth/google');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?google=unavailable');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('treats a secret without an id as not configured', async () => {
    const app = await createTestApp({ googleClientId: undefined, googleClientSecret: 'only-half' });
    const response = await app.request('/auth/google');
    expect(response.headers.get('location')).toBe('/login?google=unavailable');
  });

  it('cancelled on the consent screen → googleError=cancelled, nobody signed in', async () => {
    const { app } = await createGoogleTestApp('cancel');
    const { location, session } = await runGoogleFlow(app);
    expect(location).toBe('/login?googleError=cancelled');
    expect(session).toBeNull();
    expect(await userCount(app)).toBe(0);
  });

  it('another error from Google → googleError=unknown', async () => {
    const { app } = await createGoogleTestApp(ALEX);
    const { location } = await runGoogleFlow(app, {
      editCallback: (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'server_error');
      },
    });
    expect(location).toBe('/login?googleError=unknown');
  });

  it('a callback without the flow cookies → googleError=flow', async () => {
    const { app } = await createGoogleTestApp(ALEX);
    const { location } = await runGoogleFlow(app, { editCookies: (cookies) => cookies.clear() });
    expect(location).toBe('/login?googleError=flow');
  });

  it('a callback without a code → googleError=flow', async () => {
    const { app } = await createGoogleTestApp(ALEX);
    const { location } = await runGoogleFlow(app, { editCallback: (url) => url.searchParams.delete('code') });
    expect(location).toBe('/login?googleError=flow');
  });

  it('a Google account without an e-mail → googleError=notFound', async () => {
    const { app } = await createGoogleTestApp({ sub: '2002', name: 'No Mail' });
    const { location, session } = await runGoogleFlow(app);
    expect(location).toBe('/login?googleError=notFound');
    expect(session).toBeNull();
    expect(await userCount(app)).toBe(0);
  });

  it('an unverified Google e-mail → googleError=invalidCredential', async () => {
    const { app } = await createGoogleTestApp({ ...ALEX, email_verified: false });
    const { location } = await runGoogleFlow(app);
    expect(location).toBe('/login?googleError=invalidCredential');
    expect(await userCount(app)).toBe(0);
  });

  it('a banned e-mail (any case) → googleError=banned, no account', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'banned-'));
    const bannedEmailsFile = path.join(folder, 'banned.txt');
    await writeFile(bannedEmailsFile, 'Alex.Kim@gmail.com\n');
    const { app } = await createGoogleTestApp(ALEX, { bannedEmailsFile });
    const { location, session } = await runGoogleFlow(app);
    expect(location).toBe('/login?googleError=banned');
    expect(session).toBeNull();
    expect(await userCount(app)).toBe(0);
  });

  it('the token endpoint unreachable → googleError=network', async () => {
    const { app, standIn } = await createGoogleTestApp(ALEX);
    const { location, session } = await runGoogleFlow(app, { editCallback: () => standIn.close() });
    expect(location).toBe('/login?googleError=network');
    expect(session).toBeNull();
  });
});
