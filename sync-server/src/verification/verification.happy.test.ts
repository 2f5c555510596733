import type { VerificationCheckResponse } from '@campus/shared/account-api';
import type { VerificationAction } from '@campus/shared/account-rules';
import type { FeedPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, latestCode, me, PASSWORD, registerUser } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

interface Visit {
  session: string;
  host?: string;
}

async function send(app: TestApp, { session, host }: Visit, json: Record<string, unknown>) {
  const response = await app.request('/api/verification/send', { session, host, json });
  expect(response.status).toBe(200);
  return (await response.json()) as { sentTo: string };
}

async function check(app: TestApp, { session, host }: Visit, action: VerificationAction, code: string) {
  const response = await app.request('/api/verification/check', { session, host, json: { action, code } });
  expect(response.status).toBe(200);
  return (await response.json()) as VerificationCheckResponse;
}

async function feedOf(app: TestApp, host: string): Promise<FeedPageDto> {
  return (await (await app.request('/api/posts/feed', { host })).json()) as FeedPageDto;
}

describe("'verify user' (spec 1 §4)", () => {
  it('the code mailed at sign-up verifies the account and sends it on to the school e-mail page', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app, { email: 'emily@gmail.com' });
    const result = await check(app, { session }, 'verify user', await latestCode(app, 'emily@gmail.com'));
    expect(result.redirectTo).toBe('/settings/account/school_email');
    expect(result.user).toMatchObject({ id: user.id, isVerified: true, isSchoolVerified: false });
    expect((await me(app, session))?.isVerified).toBe(true);
    expect(await app.db.selectFrom('verification_codes').selectAll().execute()).toEqual([]);
  });

  it('a code sent again replaces the earlier one; the new one works', async () => {
    const app = await createTestApp();
    const { session } = await registerUser(app, { email: 'emily@gmail.com' });
    expect(await send(app, { session }, { action: 'verify user' })).toEqual({ sentTo: 'emily@gmail.com' });
    expect(await app.mails('emily@gmail.com')).toHaveLength(2);
    const result = await check(app, { session }, 'verify user', await latestCode(app, 'emily@gmail.com'));
    expect(result.user.isVerified).toBe(true);
  });
});

describe("'verify school' (spec 1 §4, §5)", () => {
  it('on a campus site: stores the ou.edu address, announces the new user in the feed, goes /home', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { school_verified: 0, school_email: null, first_name: 'Emily' });
    const visit = { session: await app.signInAs(student.id) };
    expect(await send(app, visit, { action: 'verify school', email: 'Emily@OU.edu' })).toEqual({
      sentTo: 'emily@ou.edu',
    });
    const [mail] = await app.mails('emily@ou.edu');
    expect(mail?.subject).toBe(`${mail?.code} is your OU Buy / Sell verification code`);

    const result = await check(app, visit, 'verify school', mail?.code ?? '');
    expect(result.redirectTo).toBe('/home');
    expect(result.user).toMatchObject({ isSchoolVerified: true, schoolEmail: 'emily@ou.edu', campusId: 'ou' });
    const joinPosts = (await feedOf(app, 'ou.localhost')).posts.filter((post) => post.type === 'new user');
    expect(joinPosts.map((post) => post.author.id)).toEqual([student.id]);
  });

  it('a student changing school e-mail is not announced twice', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { school_verified: 1, school_email: 'old@ou.edu' });
    const visit = { session: await app.signInAs(student.id) };
    await send(app, visit, { action: 'verify school', email: 'new@ou.edu' });
    const result = await check(app, visit, 'verify school', await latestCode(app, 'new@ou.edu'));
    expect(result.user.schoolEmail).toBe('new@ou.edu');
    expect((await feedOf(app, 'ou.localhost')).posts).toEqual([]);
  });

  it('on the generic site: joins the chosen campus and goes on to /search_schools', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { campus_id: 'campus', school_verified: 0, school_email: null });
    const visit = { session: await app.signInAs(student.id), host: 'campus.localhost' };
    await send(app, visit, { action: 'verify school', email: 'bevo@utexas.edu', campusId: 'ut' });
    const result = await check(app, visit, 'verify school', await latestCode(app, 'bevo@utexas.edu'));
    expect(result).toMatchObject({ redirectTo: '/search_schools', campusId: 'ut' });
    expect(result.user).toMatchObject({ campusId: 'ut', isSchoolVerified: true, schoolEmail: 'bevo@utexas.edu' });
    expect((await feedOf(app, 'utexas.localhost')).posts.map((post) => post.type)).toEqual(['new user']);
    expect((await feedOf(app, 'campus.localhost')).posts).toEqual([]);
  });
});

describe("'change email' (spec 1 §4)", () => {
  it('mails the code to the new address, then signs in with it and answers /settings/account/email', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'old@gmail.com' });
    const visit = { session: await app.signInAs(student.id) };
    expect(await send(app, visit, { action: 'change email', email: 'new@gmail.com' })).toEqual({
      sentTo: 'new@gmail.com',
    });
    expect(await app.mails('old@gmail.com')).toEqual([]);
    const result = await check(app, visit, 'change email', await latestCode(app, 'new@gmail.com'));
    expect(result.redirectTo).toBe('/settings/account/email');
    expect(result.user.email).toBe('new@gmail.com');
    const login = await app.request('/api/auth/login', { json: { email: 'new@gmail.com', password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});
