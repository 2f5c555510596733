import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_MESSAGES, REGISTER_MESSAGES, SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, errorsOf, expectError, PASSWORD, registerUser } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const VALID = { name: 'Emily Carter', email: 'emily@gmail.com', password: PASSWORD, terms: true };

async function userCount(app: TestApp): Promise<number> {
  const row = await app.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function bannedListApp(): Promise<TestApp> {
  const folder = await mkdtemp(path.join(tmpdir(), 'banned-'));
  const bannedEmailsFile = path.join(folder, 'banned.txt');
  await writeFile(bannedEmailsFile, '# one address a line\nBanned@OU.edu\n\n  troll@gmail.com  \n');
  return createTestApp({ bannedEmailsFile });
}

describe('the messages are the spec’s own words (spec 1 §5, §8)', () => {
  it('keeps the shared constants word for word', () => {
    expect(ACCOUNT_MESSAGES).toMatchObject({
      fullNameRequired: 'Full name is required',
      nameInvalid: 'Name is Invalid',
      nameCharactersInvalid: 'Your Name is Invalid.',
      emailRequired: 'Email is required.',
      emailInvalid: 'Invalid email address!',
      emailBanned: 'Account has been banned',
      passwordRequired: 'Password is required.',
    });
    expect(REGISTER_MESSAGES).toMatchObject({
      weakPassword: 'Password too short.',
      emailInUse: 'Email has already been taken.',
    });
    expect(SIGN_IN_MESSAGES).toMatchObject({
      userNotFound: 'Incorrect. Please try again.',
      wrongPassword: 'Wrong password!',
    });
  });
});

describe('POST /api/auth/register refuses bad input and writes nothing', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty name', { name: '   ' }, ACCOUNT_MESSAGES.fullNameRequired, 'name'],
    ['a missing name', { name: undefined }, 'Full name is required', 'name'],
    ['a single word', { name: 'Emily' }, ACCOUNT_MESSAGES.nameInvalid, 'name'],
    ['a one-letter first name', { name: 'E Carter' }, 'Name is Invalid', 'name'],
    ['a one-letter last name', { name: 'Emily C' }, ACCOUNT_MESSAGES.nameInvalid, 'name'],
    ['digits in the name', { name: 'Emily C4rter' }, ACCOUNT_MESSAGES.nameCharactersInvalid, 'name'],
    ['markup in the name', { name: 'Emily <b>Carter</b>' }, 'Your Name is Invalid.', 'name'],
    ['an empty e-mail', { email: '' }, ACCOUNT_MESSAGES.emailRequired, 'email'],
    ['a malformed e-mail', { email: 'emily@' }, 'Invalid email address!', 'email'],
    ['an empty password', { password: '' }, ACCOUNT_MESSAGES.passwordRequired, 'password'],
    ['a 5-character password', { password: 'abc12' }, REGISTER_MESSAGES.weakPassword, 'password'],
    ['a password over 30', { password: 'x'.repeat(31) }, 'Password too short.', 'password'],
  ];
  it.each(cases)('%s', async (_label, change, msg, field) => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/register', { json: { ...VALID, ...change } });
    expect(await errorsOf(response, 422)).toEqual([{ code: 'validation_failed', msg, field }]);
    expect(await userCount(app)).toBe(0);
    expect(await app.mails()).toEqual([]);
  });

  it('an e-mail already registered, in any case: "Email has already been taken."', async () => {
    const app = await createTestApp();
    await registerUser(app, { email: 'emily@gmail.com' });
    const response = await app.request('/api/auth/register', { json: { ...VALID, email: 'EMILY@Gmail.com' } });
    expect(await errorsOf(response, 409)).toEqual([
      { code: 'conflict', msg: 'Email has already been taken.', field: 'email' },
    ]);
    expect(await userCount(app)).toBe(1);
  });

  it('a double-submitted form creates one account and answers the second with the spec message', async () => {
    const app = await createTestApp();
    const [first, second] = await Promise.all([
      app.request('/api/auth/register', { json: VALID }),
      app.request('/api/auth/register', { json: VALID }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const refused = first.status === 409 ? first : second;
    await expectError(refused, 409, REGISTER_MESSAGES.emailInUse, 'email');
    expect(await userCount(app)).toBe(1);
  });
});

describe('POST /api/auth/login errors (spec 1 §8)', () => {
  it('an unknown e-mail: "Incorrect. Please try again."', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/login', { json: { email: 'nobody@ou.edu', password: PASSWORD } });
    await expectError(response, 401, 'Incorrect. Please try again.', 'email');
  });

  it('a wrong password: "Wrong password!" and no session', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const response = await app.request('/api/auth/login', { json: { email: 'sooner@ou.edu', password: 'not it!' } });
    expect(response.headers.getSetCookie()).toEqual([]);
    await expectError(response, 401, SIGN_IN_MESSAGES.wrongPassword, 'password');
  });

  it('an empty password or e-mail gets the required messages', async () => {
    const app = await createTestApp();
    const noPassword = await app.request('/api/auth/login', { json: { email: 'sooner@ou.edu', password: '' } });
    await expectError(noPassword, 422, 'Password is required.', 'password');
    const noEmail = await app.request('/api/auth/login', { json: { email: '', password: PASSWORD } });
    await expectError(noEmail, 422, ACCOUNT_MESSAGES.emailRequired, 'email');
  });

  it('an account made by e-mail link has no password to sign in with', async () => {
    const app = await createTestApp();
    await createUser(app.db, { email: 'linked@ou.edu' });
    const response = await app.request('/api/auth/login', { json: { email: 'linked@ou.edu', password: PASSWORD } });
    await expectError(response, 401, SIGN_IN_MESSAGES.invalidCredentials, 'password');
  });
});

describe('the banned e-mail list (a file, spec 1 §5)', () => {
  it('refuses register, login, the e-mail check, link sign-in and reset with "Account has been banned"', async () => {
    const app = await bannedListApp();
    await createPasswordUser(app, { email: 'troll@gmail.com' });
    const attempts = [
      app.request('/api/auth/register', { json: { ...VALID, email: 'banned@ou.edu' } }),
      app.request('/api/auth/login', { json: { email: 'TROLL@gmail.com', password: PASSWORD } }),
      app.request('/api/users/email-check', { json: { email: 'banned@ou.edu' } }),
      app.request('/api/auth/sign-in-link', { json: { email: 'banned@ou.edu', first: 'Ban', last: 'Ned' } }),
      app.request('/api/auth/password-reset', { json: { email: 'troll@gmail.com' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      await expectError(response, 403, 'Account has been banned', 'email');
    }
    expect(await userCount(app)).toBe(1);
    expect(await app.mails()).toEqual([]);
  });

  it('lets everyone else register', async () => {
    const app = await bannedListApp();
    const { user } = await registerUser(app, { email: 'fine@gmail.com' });
    expect(user.email).toBe('fine@gmail.com');
  });
});
