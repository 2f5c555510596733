import { createHash } from 'node:crypto';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import {
  createPasswordUser,
  expectError,
  me,
  PASSWORD,
  registerUser,
  sessionCookieSetBy,
  sessionSetBy,
} from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

async function setSessionExpiry(app: TestApp, token: string, expiresAt: number): Promise<void> {
  const id = createHash('sha256').update(token).digest('hex');
  const result = await app.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  expect(result[0]?.numUpdatedRows).toBe(1n);
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, and not Secure over plain HTTP', async () => {
    const app = await createTestApp();
    const { response } = await registerUser(app);
    const cookie = sessionCookieSetBy(response) ?? '';
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; Expires=/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('is Secure when the request came over HTTPS (x-forwarded-proto from the TLS proxy)', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const response = await app.request('/api/auth/login', {
      json: { email: 'sooner@ou.edu', password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https', origin: 'https://ou.localhost' },
    });
    expect(response.status).toBe(200);
    expect(sessionCookieSetBy(response)).toMatch(/; Secure(;|$)/);
    expect(sessionCookieSetBy(response)).toMatch(/; HttpOnly(;|$)/);
  });
});

describe('sessions at rest', () => {
  it('stores only the SHA-256 of the token, never the cookie value', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app);
    const rows = await app.db.selectFrom('sessions').selectAll().execute();
    expect(rows.map((row) => row.id)).toEqual([createHash('sha256').update(session).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(session);
    expect(session).toMatch(/^[a-z2-7]{32}$/); // 160 random bits, base32
  });

  it('refuses an expired session, deletes it and clears the cookie', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app);
    await setSessionExpiry(app, session, Date.now() - 1000);
    const response = await app.request('/api/auth/me', { session });
    expect(await response.json()).toEqual({ user: null });
    expect(sessionSetBy(response)).toBe('');
    expect(await app.db.selectFrom('sessions').where('user_id', '=', user.id).selectAll().execute()).toEqual([]);
  });

  it('renews a session used in its last 15 days to a full 30 (sliding expiry)', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app);
    await setSessionExpiry(app, session, Date.now() + 10 * DAY_MS);
    const response = await app.request('/api/auth/me', { session });
    expect(sessionSetBy(response)).toBe(session);
    const expires = Date.parse(/Expires=([^;]+)/.exec(sessionCookieSetBy(response) ?? '')?.[1] ?? '');
    expect(expires).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    const row = await app.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row?.expires_at).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('does not resend the cookie while more than 15 days are left', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app);
    await setSessionExpiry(app, session, Date.now() + 20 * DAY_MS);
    const response = await app.request('/api/auth/me', { session });
    expect(((await response.json()) as { user: unknown }).user).not.toBeNull();
    expect(sessionCookieSetBy(response)).toBeNull();
  });
});

describe('cross-site request forgery', () => {
  it('refuses a cross-origin write carrying the session cookie and writes nothing', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app);
    const evil = { origin: 'http://evil.example' };
    const rename = await app.request('/api/account/username', {
      session,
      method: 'PUT',
      json: { username: 'pwned_user' },
      headers: evil,
    });
    expect(rename.status).toBe(403);
    const logout = await app.request('/api/auth/logout', { session, method: 'POST', headers: evil });
    expect(logout.status).toBe(403);
    expect(await me(app, session)).toMatchObject({ id: user.id, username: 'emilyc' });
  });

  it('refuses a cookie-carrying write with no Origin unless the browser says same-origin', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app);
    const json = { gender: 'other' };
    const bare = await app.request('/api/account/gender', { session, method: 'PUT', json, headers: { origin: '' } });
    expect(bare.status).toBe(403);
    expect((await me(app, session))?.gender).toBeNull();
    const sameSite = await app.request('/api/account/gender', {
      session,
      method: 'PUT',
      json,
      headers: { origin: '', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.status).toBe(200);
  });

  it('reads Origin: null (a form on a no-referrer page) as no Origin: Sec-Fetch-Site decides', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app);
    const json = { gender: 'other' };
    const write = (site: string) =>
      app.request('/api/account/gender', {
        session,
        method: 'PUT',
        json,
        headers: { origin: 'null', 'sec-fetch-site': site },
      });
    expect((await write('cross-site')).status).toBe(403);
    expect((await me(app, session))?.gender).toBeNull();
    expect((await write('same-origin')).status).toBe(200);
  });
});

describe('password sign-in lockout', () => {
  it('after 5 failures even the right password gets the too-many-requests message', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'target@ou.edu' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await app.request('/api/auth/login', {
        json: { email: 'target@ou.edu', password: `guess${attempt}` },
      });
      await expectError(wrong, 401, SIGN_IN_MESSAGES.wrongPassword);
    }
    const right = await app.request('/api/auth/login', { json: { email: 'target@ou.edu', password: PASSWORD } });
    await expectError(right, 429, SIGN_IN_MESSAGES.tooManyRequests);
    expect(sessionCookieSetBy(right)).toBeNull();
    expect(SIGN_IN_MESSAGES.tooManyRequests).toBe(
      'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
    );
  });
});

describe('the dev mailbox', () => {
  it('is served outside production only', async () => {
    const development = await createTestApp();
    const page = await development.request('/dev/mail');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Dev mailbox</title>');

    const production = await createTestApp({ isProduction: true });
    await registerUser(production);
    const refused = await production.request('/dev/mail');
    expect(await refused.text()).not.toContain('Dev mailbox');
    expect(refused.status).toBe(404);
  });
});
