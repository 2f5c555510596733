import type { VerificationSendResponse } from '@campus/shared/account-api';
import type { FeedPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { latestCode, me, registerUser } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function sendSchoolCode(app: TestApp, session: string, email: string) {
  const response = await app.request('/api/verification/send', { session, json: { action: 'verify school', email } });
  expect(response.status).toBe(200);
  return (await response.json()) as VerificationSendResponse;
}

async function joinPosts(app: TestApp) {
  const feed = (await (await app.request('/api/posts/feed', { host: 'ou.localhost' })).json()) as FeedPageDto;
  return feed.posts.filter((post) => post.type === 'new user');
}

// issue 19 item 3, docs/decisions/022: real school addresses, and no second code for the verified sign-up address.
describe("'verify school' with the verified sign-up address", () => {
  it('joins at once: no code is mailed, the campus feed announces the student, the answer says where to go', async () => {
    const app = await createTestApp();
    const { user, session } = await registerUser(app, { name: 'Alex Rivera', email: 'alex.rivera@ou.edu' });
    const signUp = app.request('/api/verification/check', {
      session,
      json: { action: 'verify user', code: await latestCode(app, 'alex.rivera@ou.edu') },
    });
    expect((await signUp).status).toBe(200);

    const answer = await sendSchoolCode(app, session, ' Alex.Rivera@OU.edu ');
    expect(answer).toMatchObject({
      sentTo: null,
      joined: { redirectTo: '/home', user: { id: user.id, isSchoolVerified: true, schoolEmail: 'alex.rivera@ou.edu' } },
    });
    expect(await app.mails('alex.rivera@ou.edu')).toHaveLength(1); // the sign-up code only
    expect((await me(app, session))?.isSchoolVerified).toBe(true);
    expect((await joinPosts(app)).map((post) => post.author.id)).toEqual([user.id]);
  });

  it('a double tap joins once: one announcement', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { email: 'alex.rivera@ou.edu', school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    const answers = await Promise.all([1, 2].map(() => sendSchoolCode(app, session, 'alex.rivera@ou.edu')));
    expect(answers.map((answer) => answer.joined?.user.isSchoolVerified)).toEqual([true, true]);
    expect(await joinPosts(app)).toHaveLength(1);
  });
});

describe("'verify school' with another school address", () => {
  it.each(['alex.rivera@ou.edu', 'mary-jane@ou.edu', 'o_neil@ou.edu', 'sam+books@ou.edu', 'j.r.r-t_2@ou.edu'])(
    'mails a code to %s, and the code joins',
    async (email) => {
      const app = await createTestApp();
      const student = await createUser(app.db, { email: 'student@gmail.com', school_verified: 0, school_email: null });
      const session = await app.signInAs(student.id);
      expect(await sendSchoolCode(app, session, email)).toEqual({ sentTo: email });
      const response = await app.request('/api/verification/check', {
        session,
        json: { action: 'verify school', code: await latestCode(app, email) },
      });
      expect(response.status).toBe(200);
      expect((await me(app, session))?.schoolEmail).toBe(email);
    },
  );
});
