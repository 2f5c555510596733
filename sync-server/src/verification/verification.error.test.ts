import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { errorsOf, expectError, latestCode, me, registerUser } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

async function signedIn(app: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app.db, { school_verified: 0, school_email: null, ...overrides });
  return { user, session: await app.signInAs(user.id) };
}

/** A code the user did not get: the mailed one plus one, kept within 1000-9999. */
function wrongCode(code: string): string {
  return String(((Number(code) - 1000 + 1) % 9000) + 1000);
}

describe('the messages are the spec’s own words (spec 1 §5)', () => {
  it('keeps the shared constants word for word', () => {
    expect(ACCOUNT_MESSAGES).toMatchObject({
      codeRequired: 'Please enter verification code',
      codeIncorrect: 'Your code was incorrect. Please try again.',
      schoolEmailInvalid: 'Enter a valid school email',
      schoolEmailSame: 'Enter a new school email',
      emailTaken: 'That email is taken.',
      newEmailSame: 'Enter a new email',
    });
  });
});

describe('POST /api/verification/check refuses', () => {
  it('an empty code with exactly "Please enter verification code"', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app);
    const response = await app.request('/api/verification/check', {
      session,
      json: { action: 'verify user', code: ' ' },
    });
    expect(await errorsOf(response, 422)).toEqual([
      { code: 'validation_failed', msg: 'Please enter verification code', field: 'code' },
    ]);
  });

  it('a wrong code, or one that is not 4 digits: "Your code was incorrect. Please try again."', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app, { email: 'emily@gmail.com' });
    const code = await latestCode(app, 'emily@gmail.com');
    const wrong = await app.request('/api/verification/check', {
      session,
      json: { action: 'verify user', code: wrongCode(code) },
    });
    await expectError(wrong, 400, 'Your code was incorrect. Please try again.', 'code');
    const letters = await app.request('/api/verification/check', {
      session,
      json: { action: 'verify user', code: 'abcd' },
    });
    await expectError(letters, 422, ACCOUNT_MESSAGES.codeIncorrect, 'code');
    expect((await me(app, session))?.isVerified).toBe(false);
  });

  it('a code older than two hours', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app, { email: 'emily@gmail.com' });
    const code = await latestCode(app, 'emily@gmail.com');
    await app.db
      .updateTable('verification_codes')
      .set({ created_at: Date.now() - TWO_HOURS_MS - 1000 })
      .execute();
    const response = await app.request('/api/verification/check', { session, json: { action: 'verify user', code } });
    await expectError(response, 400, ACCOUNT_MESSAGES.codeIncorrect, 'code');
    expect((await me(app, session))?.isVerified).toBe(false);
  });

  it('an unknown action', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app);
    const response = await app.request('/api/verification/check', {
      session,
      json: { action: 'make admin', code: '1234' },
    });
    expect((await errorsOf(response, 422))[0]?.field).toBe('action');
  });
});

describe("'verify school' send refuses (spec 1 §5)", () => {
  it.each([
    ['a non-school domain', 'emily@gmail.com'],
    ['two dots in a row in the local part (decision 022 accepts single dots)', 'emily..c@ou.edu'],
    ['a sub-domain of the school', 'emily@mail.ou.edu'],
    ['an empty address', ''],
  ])('%s: "Enter a valid school email"', async (_label, email) => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const response = await app.request('/api/verification/send', { session, json: { action: 'verify school', email } });
    await expectError(response, 422, 'Enter a valid school email', 'email');
    expect(await app.mails()).toEqual([]);
  });

  it('the address already verified: "Enter a new school email"', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app, { school_verified: 1, school_email: 'emily@ou.edu' });
    const json = { action: 'verify school', email: 'EMILY@ou.edu' };
    await expectError(
      await app.request('/api/verification/send', { session, json }),
      422,
      ACCOUNT_MESSAGES.schoolEmailSame,
    );
  });

  it('an address another student holds: "That email is taken."', async () => {
    const app = await createTestApp();
    await createUser(app.db, { school_email: 'emily@ou.edu' });
    const { session } = await signedIn(app);
    const json = { action: 'verify school', email: 'emily@ou.edu' };
    await expectError(
      await app.request('/api/verification/send', { session, json }),
      409,
      'That email is taken.',
      'email',
    );
    expect(await app.mails()).toEqual([]);
  });

  it('on the generic site without a campus: "Something went wrong"', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app, { campus_id: 'campus' });
    const response = await app.request('/api/verification/send', {
      session,
      host: 'campus.localhost',
      json: { action: 'verify school', email: 'bevo@utexas.edu' },
    });
    await expectError(response, 422, ACCOUNT_MESSAGES.somethingWentWrong);
  });
});

describe("'change email' send refuses (spec 1 §5)", () => {
  it.each([
    ['an empty address', '', ACCOUNT_MESSAGES.emailRequired, 422],
    ['a malformed address', 'new@', 'Invalid email address!', 422],
    ['the current address in another case', 'ME@ou.edu', 'Enter a new email', 422],
    ['an address another account uses', 'Taken@ou.edu', ACCOUNT_MESSAGES.emailTaken, 409],
  ] as const)('%s', async (_label, email, msg, status) => {
    const app = await createTestApp();
    await createUser(app.db, { email: 'taken@ou.edu' });
    const { session } = await signedIn(app, { email: 'me@ou.edu' });
    const response = await app.request('/api/verification/send', { session, json: { action: 'change email', email } });
    await expectError(response, status, msg, 'email');
    expect(await app.mails()).toEqual([]);
  });

  it('an address taken between the send and the check: "That email is taken." and nothing changes', async () => {
    const app = await createTestApp();
    const { user, session } = await signedIn(app, { email: 'me@ou.edu' });
    await app.request('/api/verification/send', { session, json: { action: 'change email', email: 'new@ou.edu' } });
    await createUser(app.db, { email: 'NEW@ou.edu' });
    const code = await latestCode(app, 'new@ou.edu');
    const response = await app.request('/api/verification/check', { session, json: { action: 'change email', code } });
    await expectError(response, 409, ACCOUNT_MESSAGES.emailTaken, 'email');
    expect((await me(app, session))?.email).toBe(user.email);
  });
});
