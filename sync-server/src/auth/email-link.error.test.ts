import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, errorsOf, expectError, linkParameter } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function mailedToken(app: TestApp, email: string, names: { first?: string; last?: string } = {}) {
  const sent = await app.request('/api/auth/sign-in-link', { json: { email, ...names } });
  expect(sent.status).toBe(200);
  return linkParameter(app, email, 'token');
}

async function complete(app: TestApp, json: Record<string, unknown>) {
  return app.request('/api/auth/sign-in-link/complete', { json });
}

describe('a bad sign-in link: "Failed: Wrong Email." (spec 1 §2)', () => {
  it('keeps the spec text', () => {
    expect(ACCOUNT_MESSAGES.wrongEmailLink).toBe('Failed: Wrong Email.');
    expect(ACCOUNT_MESSAGES.userNotFoundReset).toBe('User not found, try again!');
  });

  it('an unknown token', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const response = await complete(app, { email: 'sooner@ou.edu', token: 'not-a-real-token' });
    await expectError(response, 400, 'Failed: Wrong Email.', 'email');
  });

  it('a token already used', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const token = await mailedToken(app, 'sooner@ou.edu');
    expect((await complete(app, { email: 'sooner@ou.edu', token })).status).toBe(200);
    const again = await complete(app, { email: 'sooner@ou.edu', token });
    await expectError(again, 400, ACCOUNT_MESSAGES.wrongEmailLink, 'email');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('a link opened with another e-mail than it was sent to', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    await createPasswordUser(app, { email: 'other@ou.edu' });
    const token = await mailedToken(app, 'sooner@ou.edu');
    await expectError(await complete(app, { email: 'other@ou.edu', token }), 400, ACCOUNT_MESSAGES.wrongEmailLink);
    // A typo on another device does not spend the link.
    expect((await complete(app, { email: 'Sooner@ou.edu', token })).status).toBe(200);
  });

  it('an expired link (older than its hour)', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const token = await mailedToken(app, 'sooner@ou.edu');
    await app.db
      .updateTable('email_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    await expectError(await complete(app, { email: 'sooner@ou.edu', token }), 400, ACCOUNT_MESSAGES.wrongEmailLink);
  });

  it('a link for an unknown e-mail opened without its names registers nobody', async () => {
    const app = await createTestApp();
    const token = await mailedToken(app, 'stranger@gmail.com', { first: 'Emily', last: 'Carter' });
    await expectError(await complete(app, { email: 'stranger@gmail.com', token }), 400, 'Failed: Wrong Email.');
    expect(await app.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it.each([
    [{ first: 'E', last: 'Carter' }],
    [{ first: 'Emily', last: 'C' }],
    [{ first: 'Em1ly', last: 'Carter' }],
    [{ first: '', last: 'Carter' }],
    [{ first: 'Emily', last: '<b>Carter</b>' }],
  ])('a link whose names were changed to %j (the sign-up form would refuse them) registers nobody', async (names) => {
    const app = await createTestApp();
    const token = await mailedToken(app, 'stranger@gmail.com', { first: 'Emily', last: 'Carter' });
    await expectError(
      await complete(app, { email: 'stranger@gmail.com', token, ...names }),
      400,
      'Failed: Wrong Email.',
    );
    expect(await app.db.selectFrom('users').selectAll().execute()).toEqual([]);
    // The link was not spent: with its own names it still registers.
    const done = await complete(app, { email: 'stranger@gmail.com', token, first: 'Emily', last: 'Carter' });
    expect(done.status).toBe(200);
  });
});

describe('a sign-in link for a new e-mail asks for names (spec 1 §2, §5)', () => {
  it('without names: both fields say "Full name is required" and no mail goes', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/sign-in-link', { json: { email: 'stranger@gmail.com' } });
    expect(await errorsOf(response, 422)).toEqual([
      { code: 'validation_failed', msg: 'Full name is required', field: 'first' },
      { code: 'validation_failed', msg: 'Full name is required', field: 'last' },
    ]);
    expect(await app.mails()).toEqual([]);
  });

  it.each([
    [{ first: 'Emily' }, 'last', 'Full name is required'],
    [{ first: '  ', last: 'Carter' }, 'first', 'Full name is required'],
    [{ first: 'E', last: 'Carter' }, 'first', 'Name is Invalid'],
    [{ first: 'Emily', last: 'C' }, 'last', 'Name is Invalid'],
    [{ first: 'Em1ly', last: 'Carter' }, 'first', 'Your Name is Invalid.'],
    [{ first: 'Emily', last: 'Carter-Smith' }, 'last', 'Your Name is Invalid.'],
    [{ first: 'Emily', last: 'Carter'.repeat(10) }, 'last', 'Your Name is Invalid.'],
  ])('names %j: %s says %j, and no mail goes', async (names, field, msg) => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/sign-in-link', { json: { email: 'stranger@gmail.com', ...names } });
    await expectError(response, 422, msg, field);
    expect(await app.mails()).toEqual([]);
  });
});

describe('sign-in link and reset requests validate the e-mail (spec 1 §5)', () => {
  it.each([
    ['/api/auth/sign-in-link', '', ACCOUNT_MESSAGES.emailRequired],
    ['/api/auth/sign-in-link', 'sooner@', 'Invalid email address!'],
    ['/api/auth/password-reset', '', 'Email is required.'],
    ['/api/auth/password-reset', 'no-at-sign', ACCOUNT_MESSAGES.emailInvalid],
  ])('%s with %j', async (path, email, msg) => {
    const app = await createTestApp();
    await expectError(await app.request(path, { json: { email } }), 422, msg, 'email');
    expect(await app.mails()).toEqual([]);
  });
});

describe('password reset errors', () => {
  it('an unknown e-mail: "User not found, try again!" and no mail', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/password-reset', { json: { email: 'ghost@ou.edu' } });
    await expectError(response, 404, 'User not found, try again!', 'email');
    expect(await app.mails()).toEqual([]);
  });

  it('a new password that is empty or too short gets the settings messages, and nothing changes', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'forgetful@ou.edu' });
    await app.request('/api/auth/password-reset', { json: { email: 'forgetful@ou.edu' } });
    const token = await linkParameter(app, 'forgetful@ou.edu', 'token');
    const empty = await app.request('/api/auth/password-reset/complete', { json: { token, password: '' } });
    expect(await errorsOf(empty, 422)).toEqual([
      { code: 'validation_failed', msg: 'Please enter a new password', field: 'password' },
    ]);
    const short = await app.request('/api/auth/password-reset/complete', { json: { token, password: '12345' } });
    await expectError(short, 422, ACCOUNT_MESSAGES.passwordTooShortSettings, 'password');
    const row = await app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', student.id)
      .executeTakeFirst();
    expect(row?.password_hash).toBe(student.password_hash);
  });

  it('an unknown reset token is refused', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/password-reset/complete', {
      json: { token: 'made-up', password: 'brand new' },
    });
    await expectError(response, 400, ACCOUNT_MESSAGES.resetLinkUsed, 'token');
  });
});
