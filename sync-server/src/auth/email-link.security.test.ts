import { createHash } from 'node:crypto';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, expectError, linkParameter, PASSWORD } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function resetToken(app: TestApp, email: string): Promise<string> {
  const sent = await app.request('/api/auth/password-reset', { json: { email } });
  expect(sent.status).toBe(200);
  return linkParameter(app, email, 'token');
}

async function passwordHashOf(app: TestApp, userId: string) {
  const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row?.password_hash;
}

describe('mailed link tokens', () => {
  it('a password-reset token works once', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'forgetful@ou.edu' });
    const token = await resetToken(app, 'forgetful@ou.edu');
    const first = await app.request('/api/auth/password-reset/complete', { json: { token, password: 'first new' } });
    expect(first.status).toBe(200);
    const hashAfterFirst = await passwordHashOf(app, student.id);

    const replay = await app.request('/api/auth/password-reset/complete', { json: { token, password: 'attacker1' } });
    expect(replay.status).toBe(400);
    expect(await passwordHashOf(app, student.id)).toBe(hashAfterFirst);
  });

  it('a sign-in token cannot reset a password, nor a reset token sign in', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'sooner@ou.edu' });
    await app.request('/api/auth/sign-in-link', { json: { email: 'sooner@ou.edu' } });
    const signInToken = await linkParameter(app, 'sooner@ou.edu', 'token');
    const reset = await app.request('/api/auth/password-reset/complete', {
      json: { token: signInToken, password: 'attacker1' },
    });
    expect(reset.status).toBe(400);
    expect(await passwordHashOf(app, student.id)).toBe(student.password_hash);

    const token = await resetToken(app, 'sooner@ou.edu');
    const signIn = await app.request('/api/auth/sign-in-link/complete', { json: { email: 'sooner@ou.edu', token } });
    expect(signIn.status).toBe(400);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });

  it('stores only the SHA-256 of each token', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const token = await resetToken(app, 'sooner@ou.edu');
    const rows = await app.db.selectFrom('email_tokens').selectAll().execute();
    expect(rows.map((row) => row.id)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('never points a mailed link at a host this server does not serve (reset poisoning)', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'victim@ou.edu' });
    const evilHost = { host: 'evil.example', headers: { origin: 'http://evil.example' } };
    const reset = await app.request('/api/auth/password-reset', { ...evilHost, json: { email: 'victim@ou.edu' } });
    expect(reset.status).toBe(200);
    const link = await app.request('/api/auth/sign-in-link', { ...evilHost, json: { email: 'victim@ou.edu' } });
    expect(link.status).toBe(200);
    const mails = await app.mails('victim@ou.edu');
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.html).not.toContain('evil.example');
      expect(new URL(mail.links[0] ?? '').hostname).toBe('ou.localhost');
    }
  });
});

describe('mail send limits', () => {
  it('a sixth link to the same address within the window gets the too-many-requests message', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    for (let sent = 1; sent <= 5; sent++) {
      expect((await app.request('/api/auth/sign-in-link', { json: { email: 'sooner@ou.edu' } })).status).toBe(200);
    }
    const sixth = await app.request('/api/auth/sign-in-link', { json: { email: 'sooner@ou.edu' } });
    await expectError(sixth, 429, SIGN_IN_MESSAGES.tooManyRequests);
    expect(await app.mails('sooner@ou.edu')).toHaveLength(5);
  });

  it('completing a reset lifts the sign-in lockout, as the message promises', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'locked@ou.edu' });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await app.request('/api/auth/login', { json: { email: 'locked@ou.edu', password: 'wrong guess' } });
    }
    const locked = await app.request('/api/auth/login', { json: { email: 'locked@ou.edu', password: PASSWORD } });
    expect(locked.status).toBe(429);
    const token = await resetToken(app, 'locked@ou.edu');
    await app.request('/api/auth/password-reset/complete', { json: { token, password: 'brand new' } });
    const after = await app.request('/api/auth/login', { json: { email: 'locked@ou.edu', password: 'brand new' } });
    expect(after.status).toBe(200);
  });
});
