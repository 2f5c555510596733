import type { MeResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES, SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { expectError, linkParameter, me, PASSWORD, registerUser, sessionSetBy } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Decision 026: a link's names register only the address its token was mailed
 * to, only as the sign-up form would, and a link that proves the address of an
 * unverified account ends whatever was set before the proof.
 */

const NAMES = { first: 'Emily', last: 'Carter' };

async function mailedLink(app: TestApp, email: string, names: object = NAMES) {
  const sent = await app.request('/api/auth/sign-in-link', { json: { email, ...names } });
  expect(sent.status).toBe(200);
  return new URL((await app.mails(email))[0]?.links[0] ?? '');
}

function complete(app: TestApp, json: Record<string, unknown>, session?: string) {
  return app.request('/api/auth/sign-in-link/complete', { json, session });
}

describe('the names in a link', () => {
  it('cannot register another address than the one the token was mailed to', async () => {
    const app = await createTestApp();
    const link = await mailedLink(app, 'mine@gmail.com');
    const token = link.searchParams.get('token');
    const response = await complete(app, { email: 'victim@ou.edu', token, ...NAMES });
    await expectError(response, 400, ACCOUNT_MESSAGES.wrongEmailLink, 'email');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await app.db.selectFrom('users').select('email').execute()).toEqual([]);
  });

  it('two links for one new address opened at once make one account and sign both in (never a 500)', async () => {
    const app = await createTestApp();
    await mailedLink(app, 'twice@gmail.com');
    const first = await linkParameter(app, 'twice@gmail.com', 'token');
    await mailedLink(app, 'twice@gmail.com');
    const second = await linkParameter(app, 'twice@gmail.com', 'token');
    expect(second).not.toBe(first);
    const answers = await Promise.all(
      [first, second].map((token) => complete(app, { email: 'twice@gmail.com', token, ...NAMES })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as MeResponse).user?.id));
    expect(new Set(ids).size).toBe(1);
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('registering through links counts against the sign-up cap per client (decision 017), without spending the link', async () => {
    const app = await createTestApp({ signupsPerClientPerHour: 1 });
    const one = await mailedLink(app, 'one@gmail.com');
    expect((await complete(app, Object.fromEntries(one.searchParams))).status).toBe(200);
    const two = await mailedLink(app, 'two@gmail.com', { first: 'Sam', last: 'Lee' });
    const refused = await complete(app, Object.fromEntries(two.searchParams));
    expect(refused.status).toBe(429);
    expect(await app.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'one@gmail.com' }]);
    const token = await app.db
      .selectFrom('email_tokens')
      .select('used_at')
      .where('email', '=', 'two@gmail.com')
      .executeTakeFirst();
    expect(token?.used_at).toBeNull();
  });

  it('a link request is capped like every mail (5 per client and recipient in 15 minutes)', async () => {
    const app = await createTestApp();
    for (let sent = 1; sent <= 5; sent++) await mailedLink(app, 'new@gmail.com');
    const sixth = await app.request('/api/auth/sign-in-link', { json: { email: 'new@gmail.com', ...NAMES } });
    await expectError(sixth, 429, SIGN_IN_MESSAGES.tooManyRequests);
    expect(await app.mails('new@gmail.com')).toHaveLength(5);
  });
});

describe('a link that proves the address of an unverified account', () => {
  it('verifies it and ends what was set before the proof: password, sessions and other links', async () => {
    const app = await createTestApp();
    // Someone signed up with this address but never proved it.
    const squatter = await registerUser(app, { email: 'owner@ou.edu', name: 'Not Owner' });
    const squattersLink = await mailedLink(app, 'owner@ou.edu');
    const ownersLink = await mailedLink(app, 'owner@ou.edu');
    const done = await complete(app, Object.fromEntries(ownersLink.searchParams));
    expect(done.status).toBe(200);
    const { user } = (await done.json()) as MeResponse;
    expect(user).toMatchObject({ id: squatter.user.id, isVerified: true, hasPassword: false });

    expect(await me(app, squatter.session)).toBeNull();
    const login = await app.request('/api/auth/login', { json: { email: 'owner@ou.edu', password: PASSWORD } });
    expect(login.status).toBe(401);
    await expectError(await complete(app, Object.fromEntries(squattersLink.searchParams)), 400, 'Failed: Wrong Email.');
    expect((await me(app, sessionSetBy(done) ?? undefined))?.id).toBe(squatter.user.id);
  });

  it('a verified account keeps its password and its other sessions', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app, { email: 'proved@ou.edu' });
    await app.db.updateTable('users').set({ verified: 1 }).where('id', '=', user.id).execute();
    const link = await mailedLink(app, 'proved@ou.edu');
    expect((await complete(app, Object.fromEntries(link.searchParams))).status).toBe(200);
    expect((await me(app, session))?.id).toBe(user.id);
    const login = await app.request('/api/auth/login', { json: { email: 'proved@ou.edu', password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});
