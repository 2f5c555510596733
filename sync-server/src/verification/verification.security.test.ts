import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { expectError, latestCode, me, registerUser } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function checkCode(app: TestApp, session: string, code: string, action = 'verify user') {
  return app.request('/api/verification/check', { session, json: { action, code } });
}

/** Sets the user's pending codes to `code`, so a test knows which guesses are wrong. */
async function pinCode(app: TestApp, userId: string, code: number): Promise<void> {
  await app.db.updateTable('verification_codes').set({ code }).where('user_id', '=', userId).execute();
}

describe('signed-out requests', () => {
  it.each(['/api/verification/send', '/api/verification/check'])('%s answers 401 and sends nothing', async (path) => {
    const app = await createTestApp();
    const response = await app.request(path, { json: { action: 'verify user', code: '1234' } });
    expect(response.status).toBe(401);
    expect(await app.mails()).toEqual([]);
  });
});

describe('school e-mail domains', () => {
  it('refuses another campus’s domain on a campus site, even when the body names that campus', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    for (const json of [
      { action: 'verify school', email: 'bevo@utexas.edu' },
      { action: 'verify school', email: 'bevo@utexas.edu', campusId: 'ut' },
    ]) {
      const response = await app.request('/api/verification/send', { session, json });
      await expectError(response, 422, 'Enter a valid school email', 'email');
    }
    expect(await app.mails()).toEqual([]);
  });
});

describe('code guessing', () => {
  it('locks the code on the 5th wrong try; even the right code is then refused', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app);
    await pinCode(app, user.id, 4321);
    for (const guess of ['1111', '2222', '3333', '4444']) {
      await expectError(await checkCode(app, session, guess), 400, 'Your code was incorrect. Please try again.');
    }
    await expectError(await checkCode(app, session, '5555'), 429, SIGN_IN_MESSAGES.tooManyRequests, 'code');
    await expectError(await checkCode(app, session, '4321'), 429, SIGN_IN_MESSAGES.tooManyRequests, 'code');
    expect((await me(app, session))?.isVerified).toBe(false);
  });

  it('counts guesses sent all at once: no more than 5 are judged', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app);
    await pinCode(app, user.id, 4321);
    const guesses = Array.from({ length: 12 }, (_, index) => String(5000 + index));
    const responses = await Promise.all(guesses.map((guess) => checkCode(app, session, guess)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8);
    expect((await checkCode(app, session, '4321')).status).toBe(429);
  });

  it('a code works only for its own user and its own action', async () => {
    const app = await createTestApp();
    const first = await registerUser(app, { email: 'first@gmail.com' });
    const second = await registerUser(app, { email: 'second@gmail.com' });
    const firstCode = await latestCode(app, 'first@gmail.com');
    await pinCode(app, second.user.id, firstCode === '9999' ? 1000 : Number(firstCode) + 1);
    expect((await checkCode(app, second.session, firstCode)).status).toBe(400);
    expect((await checkCode(app, first.session, firstCode, 'change email')).status).toBe(400);
    expect((await me(app, second.session))?.isVerified).toBe(false);
    expect((await checkCode(app, first.session, firstCode)).status).toBe(200);
  });

  it('a code is used once', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app, { email: 'emily@gmail.com' });
    const code = await latestCode(app, 'emily@gmail.com');
    expect((await checkCode(app, session, code)).status).toBe(200);
    await expectError(await checkCode(app, session, code), 400, 'Your code was incorrect. Please try again.');
  });
});

describe('a right code sent twice at once', () => {
  it('applies its action once: one join post', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    await app.request('/api/verification/send', { session, json: { action: 'verify school', email: 'emily@ou.edu' } });
    const code = await latestCode(app, 'emily@ou.edu');
    const statuses = (
      await Promise.all([
        checkCode(app, session, code, 'verify school'),
        checkCode(app, session, code, 'verify school'),
      ])
    ).map((response) => response.status);
    expect(statuses).toContain(200);
    const joinPosts = await app.db.selectFrom('posts').select('id').where('type', '=', 'new user').execute();
    expect(joinPosts).toHaveLength(1);
  });
});

describe('code mail limits', () => {
  it('a sixth code for the same action within the window gets the too-many-requests message', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app, { email: 'emily@gmail.com' });
    for (let sent = 1; sent <= 5; sent++) {
      expect((await app.request('/api/verification/send', { session, json: { action: 'verify user' } })).status).toBe(
        200,
      );
    }
    const sixth = await app.request('/api/verification/send', { session, json: { action: 'verify user' } });
    await expectError(sixth, 429, SIGN_IN_MESSAGES.tooManyRequests);
    expect(await app.mails('emily@gmail.com')).toHaveLength(6); // the sign-up code and five more
  });
});
