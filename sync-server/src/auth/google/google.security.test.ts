import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { readIdToken } from './google-client.ts';
import { CLIENT_ID, createGoogleTestApp, runGoogleFlow } from './google-test-flow.ts';

const SAM = { sub: '3001', email: 'sam.lee@gmail.com', email_verified: true, name: 'Sam Lee' };

async function userCount(app: TestApp): Promise<number> {
  return (await app.db.selectFrom('users').select('id').execute()).length;
}

function unsignedJwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.`;
}

describe('Google sign-in security', () => {
  it('refuses a callback whose state differs from the cookie (login CSRF) without spending the code', async () => {
    const { app, standIn } = await createGoogleTestApp(SAM);
    const { location, session } = await runGoogleFlow(app, {
      editCallback: (url) => url.searchParams.set('state', 'attacker-state'),
    });
    expect(location).toBe('/login?googleError=flow');
    expect(session).toBeNull();
    expect(standIn.tokenErrors).toEqual([]);
    expect(await userCount(app)).toBe(0);
  });

  it('a tampered PKCE verifier is refused by the token endpoint: error redirect, no account', async () => {
    const { app, standIn } = await createGoogleTestApp(SAM);
    const { location, session } = await runGoogleFlow(app, {
      editCookies: (cookies) => cookies.set('google_code_verifier', 'A'.repeat(43)),
    });
    expect(standIn.tokenErrors).toEqual(['invalid_grant']);
    expect(location).toBe('/login?googleError=invalidCredential');
    expect(session).toBeNull();
    expect(await userCount(app)).toBe(0);
  });

  it('a replayed callback (same code, same cookies) is refused: codes are single-use', async () => {
    const { app, standIn } = await createGoogleTestApp(SAM);
    const first = await runGoogleFlow(app);
    expect(first.location).toBe('/home');
    const replay = await app.request(first.callbackPath, { headers: { cookie: first.cookie } });
    expect(replay.headers.get('location')).toBe('/login?googleError=invalidCredential');
    expect(standIn.tokenErrors).toEqual(['invalid_grant']);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/home', '/\r\nSet-Cookie: x=1'])(
    'ignores the redirect %j (open redirect) and lands on /home',
    async (redirect) => {
      const { app } = await createGoogleTestApp(SAM);
      const { location } = await runGoogleFlow(app, { query: `?redirect=${encodeURIComponent(redirect)}` });
      expect(location).toBe('/home');
    },
  );

  it('keeps the state and verifier in short-lived HttpOnly SameSite=Lax cookies scoped to /auth/google', async () => {
    const { app } = await createGoogleTestApp(SAM);
    const start = await app.request('/auth/google');
    const lines = start.headers.getSetCookie();
    for (const name of ['google_oauth_state', 'google_code_verifier']) {
      const line = lines.find((candidate) => candidate.startsWith(`${name}=`)) ?? '';
      expect(line).toMatch(/; Max-Age=600(;|$)/);
      expect(line).toMatch(/; Path=\/auth\/google(;|$)/);
      expect(line).toContain('; HttpOnly');
      expect(line).toContain('; SameSite=Lax');
      expect(line).not.toContain('; Secure');
    }
    expect(start.headers.get('cache-control')).toBe('no-store');
  });

  it('marks the flow cookies Secure behind an HTTPS proxy', async () => {
    const { app } = await createGoogleTestApp(SAM);
    const start = await app.request('/auth/google', { headers: { 'x-forwarded-proto': 'https' } });
    const flowCookies = start.headers.getSetCookie().filter((line) => line.startsWith('google_'));
    expect(flowCookies).toHaveLength(2);
    for (const line of flowCookies) expect(line).toContain('; Secure');
  });

  it('forgets the target of an abandoned earlier flow when a new one starts without one', async () => {
    const { app } = await createGoogleTestApp(SAM);
    const start = await app.request('/auth/google', { headers: { cookie: 'google_redirect=%2Fold' } });
    const line = start.headers.getSetCookie().find((candidate) => candidate.startsWith('google_redirect=')) ?? '';
    expect(line).toMatch(/^google_redirect=;.*Max-Age=0/);
  });

  it('clears the flow cookies on the callback, whatever its outcome', async () => {
    const { app } = await createGoogleTestApp('cancel');
    const { callback } = await runGoogleFlow(app);
    const cleared = callback.headers.getSetCookie().filter((line) => /^google_\w+=;/.test(line));
    expect(cleared).toHaveLength(2);
    for (const line of cleared) expect(line).toContain('Max-Age=0');
  });

  it('refuses an ID token issued to another client, or without a subject', () => {
    const claims = { sub: '1', aud: CLIENT_ID, email: 'a@gmail.com', email_verified: true };
    expect(readIdToken(unsignedJwt(claims), CLIENT_ID)).toMatchObject({ sub: '1', email: 'a@gmail.com' });
    expect(readIdToken(unsignedJwt({ ...claims, aud: 'someone-else' }), CLIENT_ID)).toBeNull();
    expect(readIdToken(unsignedJwt({ ...claims, sub: '' }), CLIENT_ID)).toBeNull();
    expect(readIdToken('not-a-jwt', CLIENT_ID)).toBeNull();
  });
});
