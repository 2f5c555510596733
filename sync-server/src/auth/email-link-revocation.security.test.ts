import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, expectError, linkParameter, me, PASSWORD, sessionSetBy } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * issue 18 item 7: a password reset or change ends every mailed link still
 * outstanding for the account (reset and sign-in links alike), so a link
 * that was mailed before cannot undo it or sign in behind it.
 */

async function mailedToken(app: TestApp, route: 'password-reset' | 'sign-in-link', email: string) {
  const sent = await app.request(`/api/auth/${route}`, { json: { email } });
  expect(sent.status).toBe(200);
  return linkParameter(app, email, 'token');
}

function completeReset(app: TestApp, token: string, password: string) {
  return app.request('/api/auth/password-reset/complete', { json: { token, password } });
}

describe('mailed links end when the password changes', () => {
  it('an older reset link is refused, with a plain message, once a newer one was used', async () => {
    const app = await createTestApp();
    const email = 'forgetful@ou.edu';
    await createPasswordUser(app, { email });
    const older = await mailedToken(app, 'password-reset', email);
    const newer = await mailedToken(app, 'password-reset', email);
    expect((await completeReset(app, newer, 'the newest one')).status).toBe(200);

    await expectError(await completeReset(app, older, 'an older link'), 400, ACCOUNT_MESSAGES.resetLinkUsed, 'token');
    await expectError(await completeReset(app, newer, 'used twice'), 400, ACCOUNT_MESSAGES.resetLinkUsed, 'token');
    const login = await app.request('/api/auth/login', { json: { email, password: 'the newest one' } });
    expect(login.status).toBe(200);
  });

  it('a sign-in link mailed before a reset no longer signs in', async () => {
    const app = await createTestApp();
    const email = 'sooner@ou.edu';
    await createPasswordUser(app, { email });
    const signInToken = await mailedToken(app, 'sign-in-link', email);
    const resetToken = await mailedToken(app, 'password-reset', email);
    expect((await completeReset(app, resetToken, 'a brand new one')).status).toBe(200);

    const stale = await app.request('/api/auth/sign-in-link/complete', { json: { email, token: signInToken } });
    await expectError(stale, 400, ACCOUNT_MESSAGES.wrongEmailLink, 'email');
    expect(stale.headers.getSetCookie()).toEqual([]);
  });

  it('a password change in settings ends mailed links and the other sessions; this device stays signed in', async () => {
    const app = await createTestApp();
    const email = 'sooner@ou.edu';
    const student = await createPasswordUser(app, { email });
    const phone = await app.signInAs(student.id);
    const laptop = await app.signInAs(student.id);
    const signInToken = await mailedToken(app, 'sign-in-link', email);
    const resetToken = await mailedToken(app, 'password-reset', email);

    const changed = await app.request('/api/account/password', {
      method: 'PUT',
      session: laptop,
      json: { currentPassword: PASSWORD, newPassword: 'a brand new one', confirmPassword: 'a brand new one' },
    });
    expect(changed.status).toBe(200);

    const fresh = sessionSetBy(changed);
    expect((await me(app, fresh ?? undefined))?.id).toBe(student.id);
    expect(await me(app, phone)).toBeNull();
    expect(await me(app, laptop)).toBeNull(); // a copy of the old cookie is worth nothing
    const stale = await app.request('/api/auth/sign-in-link/complete', { json: { email, token: signInToken } });
    expect(stale.status).toBe(400);
    await expectError(await completeReset(app, resetToken, 'undo it'), 400, ACCOUNT_MESSAGES.resetLinkUsed, 'token');
  });

  it("ending one account's links leaves another account's links alone", async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'one@ou.edu' });
    await createPasswordUser(app, { email: 'two@ou.edu' });
    const two = await mailedToken(app, 'password-reset', 'two@ou.edu');
    const one = await mailedToken(app, 'password-reset', 'one@ou.edu');
    expect((await completeReset(app, one, 'first new one')).status).toBe(200);
    expect((await completeReset(app, two, 'second new one')).status).toBe(200);
  });
});
