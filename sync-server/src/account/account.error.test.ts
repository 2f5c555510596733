import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, errorsOf, expectError, me, PASSWORD, photoForm, pngFile } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function signedIn(app: TestApp) {
  const user = await createPasswordUser(app, { username: 'emilyc', phone: null });
  return { user, session: await app.signInAs(user.id) };
}

describe('the messages are the spec’s own words (spec 1 §5, §8)', () => {
  it('keeps the shared constants word for word', () => {
    expect(ACCOUNT_MESSAGES).toMatchObject({
      usernameRequired: 'Username is required.',
      usernameTooShort: 'Must be longer than 4 characters.',
      usernameCharacters: 'Only letters, numbers, _ and -',
      usernameTaken: 'That username has been taken.',
      phoneRequired: 'A phone # is required',
      phoneInvalid: 'Invalid phone #',
      currentPasswordRequired: 'Current password required',
      newPasswordRequired: 'Please enter a new password',
      confirmPasswordRequired: 'Must re-enter new password',
      passwordsDoNotMatch: 'Passwords do not match',
      passwordTooShortSettings: 'Passwords must be 6+ characters',
      invalidPassword: 'Invalid password.',
      genderRequired: 'Must select a gender',
      birthDateIncomplete: 'Please fill in all the fields',
      photosOnly: 'Only photos are allowed!',
    });
  });
});

/** Each case: route, body, the one message expected, its field, status. */
const cases: [string, string, Record<string, unknown>, string, string, number][] = [
  ['empty username', 'username', { username: '  ' }, ACCOUNT_MESSAGES.usernameRequired, 'username', 422],
  ['4-character username', 'username', { username: 'abcd' }, 'Must be longer than 4 characters.', 'username', 422],
  ['username with a space', 'username', { username: 'emily c' }, ACCOUNT_MESSAGES.usernameCharacters, 'username', 422],
  ['username with a dot', 'username', { username: 'emily.c' }, 'Only letters, numbers, _ and -', 'username', 422],
  ['empty phone', 'phone', { phone: '' }, 'A phone # is required', 'phone', 422],
  ['missing phone', 'phone', {}, ACCOUNT_MESSAGES.phoneRequired, 'phone', 422],
  ['too few digits', 'phone', { phone: '555-01' }, 'Invalid phone #', 'phone', 422],
  ['letters in the phone', 'phone', { phone: 'call me maybe' }, ACCOUNT_MESSAGES.phoneInvalid, 'phone', 422],
  ['no gender', 'gender', {}, 'Must select a gender', 'gender', 422],
  ['an unknown gender', 'gender', { gender: 'robot' }, ACCOUNT_MESSAGES.genderRequired, 'gender', 422],
  ['no year', 'birth-date', { month: 1, day: 2 }, 'Please fill in all the fields', 'year', 422],
  ['no month', 'birth-date', { day: 2, year: 2001 }, ACCOUNT_MESSAGES.birthDateIncomplete, 'month', 422],
  [
    'a year not offered',
    'birth-date',
    { month: 1, day: 2, year: 1969 },
    ACCOUNT_MESSAGES.birthDateIncomplete,
    'year',
    422,
  ],
];

describe('PUT /api/account/* refuses bad input with the spec message and changes nothing', () => {
  it.each(cases)('%s', async (_label, route, json, msg, field, status) => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const before = await me(app, session);
    const response = await app.request(`/api/account/${route}`, { session, method: 'PUT', json });
    expect(await errorsOf(response, status)).toEqual([{ code: 'validation_failed', msg, field }]);
    expect(await me(app, session)).toEqual(before);
  });

  it('a username someone else has, in any case: "That username has been taken."', async () => {
    const app = await createTestApp();
    await createUser(app.db, { username: 'takenname' });
    const { session } = await signedIn(app);
    const response = await app.request('/api/account/username', {
      session,
      method: 'PUT',
      json: { username: 'TakenName' },
    });
    await expectError(response, 409, 'That username has been taken.', 'username');
    expect((await me(app, session))?.username).toBe('emilyc');
  });
});

describe('PUT /api/account/password errors', () => {
  const good = { currentPassword: PASSWORD, newPassword: 'new secret', confirmPassword: 'new secret' };
  it.each([
    ['no current password', { currentPassword: '' }, 'Current password required', 'currentPassword'],
    ['no new password', { newPassword: '' }, ACCOUNT_MESSAGES.newPasswordRequired, 'newPassword'],
    ['no confirmation', { confirmPassword: '' }, 'Must re-enter new password', 'confirmPassword'],
    ['a mismatch', { confirmPassword: 'new secreT' }, 'Passwords do not match', 'confirmPassword'],
    [
      '5 characters',
      { newPassword: '12345', confirmPassword: '12345' },
      'Passwords must be 6+ characters',
      'newPassword',
    ],
  ])('%s', async (_label, change, msg, field) => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const response = await app.request('/api/account/password', {
      session,
      method: 'PUT',
      json: { ...good, ...change },
    });
    expect(await errorsOf(response, 422)).toEqual([{ code: 'validation_failed', msg, field }]);
    expect(await me(app, session)).not.toBeNull();
  });

  it('a wrong current password: "Invalid password." and the password and sessions stay', async () => {
    const app = await createTestApp();
    const { user, session } = await signedIn(app);
    const json = { ...good, currentPassword: 'not my password' };
    await expectError(
      await app.request('/api/account/password', { session, method: 'PUT', json }),
      401,
      'Invalid password.',
    );
    const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    expect(row?.password_hash).toBe(user.password_hash);
    expect((await me(app, session))?.id).toBe(user.id);
  });
});

describe('profile errors', () => {
  it('a bio over 160 characters, or a name over 20, is refused and nothing is saved', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const longBio = await app.request('/api/account/profile', {
      session,
      method: 'PUT',
      json: { bio: 'b'.repeat(161) },
    });
    await expectError(longBio, 422, ACCOUNT_MESSAGES.bioTooLong, 'bio');
    const longName = await app.request('/api/account/profile', {
      session,
      method: 'PUT',
      json: { firstName: 'A'.repeat(21), bio: 'fine' },
    });
    expect((await errorsOf(longName, 422))[0]?.field).toBe('firstName');
    expect(await me(app, session)).toMatchObject({ bio: '', firstName: 'Test' });
  });

  it.each([
    ['a text file renamed .png', new File(['not an image at all'], 'photo.png', { type: 'image/png' }), 415],
    ['an SVG', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg', { type: 'image/svg+xml' }), 415],
  ])('%s: "Only photos are allowed!"', async (_label, file, status) => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const response = await app.request('/api/account/photo', { session, method: 'POST', body: photoForm(file) });
    await expectError(response, status, 'Only photos are allowed!', 'photo');
    expect((await me(app, session))?.img).toBeNull();
  });

  it('a WebP is not one of the spec’s photo types; a form without a photo is refused too', async () => {
    const app = await createTestApp();
    const { session } = await signedIn(app);
    const png = await pngFile();
    const { default: sharp } = await import('sharp');
    const webp = await sharp(Buffer.from(await png.arrayBuffer()))
      .webp()
      .toBuffer();
    const webpFile = new File([new Uint8Array(webp)], 'me.webp', { type: 'image/webp' });
    const refused = await app.request('/api/account/photo', { session, method: 'POST', body: photoForm(webpFile) });
    await expectError(refused, 415, ACCOUNT_MESSAGES.photosOnly, 'photo');
    const empty = await app.request('/api/account/photo', { session, method: 'POST', body: new FormData() });
    await expectError(empty, 422, ACCOUNT_MESSAGES.photosOnly, 'photo');
  });
});
