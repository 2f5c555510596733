import type { MeResponse } from '@campus/shared/account-api';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import {
  createPasswordUser,
  expectError,
  linkParameter,
  me,
  PASSWORD,
  registerUser,
  sessionSetBy,
} from '../test/accounts.ts';
import { createTestApp } from '../test/test-app.ts';

describe('e-mail sign-in link (spec 1 §2 /login/sent, §7)', () => {
  it('mails a link to the campus site /login/sent that signs the user in once completed', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const sent = await app.request('/api/auth/sign-in-link', { json: { email: 'sooner@ou.edu' } });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true });

    const [mail] = await app.mails('sooner@ou.edu');
    expect(mail?.subject).toBe('Sign in to OU Buy / Sell');
    const link = new URL(mail?.links[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://ou.localhost/login/sent');
    expect(link.searchParams.get('email')).toBe('sooner@ou.edu');

    const token = await linkParameter(app, 'sooner@ou.edu', 'token');
    const done = await app.request('/api/auth/sign-in-link/complete', { json: { email: 'sooner@ou.edu', token } });
    expect(done.status).toBe(200);
    expect(((await done.json()) as MeResponse).user?.id).toBe(student.id);
    const session = sessionSetBy(done);
    expect((await me(app, session ?? undefined))?.id).toBe(student.id);
  });

  it('with first and last names in the link, registers a verified user on that campus', async () => {
    const app = await createTestApp();
    const email = 'new.student@gmail.com';
    await app.request('/api/auth/sign-in-link', {
      host: 'utexas.localhost',
      json: { email, first: 'Emily', last: 'Carter' },
    });
    expect(await linkParameter(app, email, 'first')).toBe('Emily');
    expect(await linkParameter(app, email, 'last')).toBe('Carter');
    const token = await linkParameter(app, email, 'token');

    const done = await app.request('/api/auth/sign-in-link/complete', {
      host: 'utexas.localhost',
      json: { email, token, first: 'Emily', last: 'Carter' },
    });
    expect(done.status).toBe(200);
    const { user } = (await done.json()) as MeResponse;
    expect(user).toMatchObject({
      campusId: 'ut',
      firstName: 'Emily',
      lastName: 'C.',
      username: 'emilyc',
      email,
      isVerified: true,
      isSchoolVerified: false,
      hasPassword: false,
    });
    expect(sessionSetBy(done)).toBeTruthy();
  });

  it('for a new e-mail, mails the names it was given (trimmed) and registers them as the sign-up form would', async () => {
    const app = await createTestApp();
    const email = 'mary.ann@gmail.com';
    const sent = await app.request('/api/auth/sign-in-link', {
      json: { email, first: '  Mary   Ann ', last: "van O'Dyke" },
    });
    expect(sent.status).toBe(200);
    const link = new URL((await app.mails(email))[0]?.links[0] ?? '');
    expect(link.pathname).toBe('/login/sent');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      email,
      first: 'Mary Ann',
      last: "van O'Dyke",
      token: expect.any(String),
    });
    const done = await app.request('/api/auth/sign-in-link/complete', {
      json: Object.fromEntries(link.searchParams),
    });
    expect(done.status).toBe(200);
    // Sign-up stores the first word and the last word's initial (spec 1 §3, decision 007).
    expect(((await done.json()) as MeResponse).user).toMatchObject({
      firstName: 'Mary',
      lastName: 'O.',
      username: 'maryo',
      isVerified: true,
    });
  });

  it('for an e-mail with an account, mails a link without names that signs in (spec 1 §2)', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'sooner@ou.edu' });
    await app.request('/api/auth/sign-in-link', { json: { email: 'sooner@ou.edu', first: 'Someone', last: 'Else' } });
    const link = new URL((await app.mails('sooner@ou.edu'))[0]?.links[0] ?? '');
    expect(link.searchParams.has('first')).toBe(false);
    expect(link.searchParams.has('last')).toBe(false);
    const done = await app.request('/api/auth/sign-in-link/complete', { json: Object.fromEntries(link.searchParams) });
    expect(((await done.json()) as MeResponse).user).toMatchObject({ id: student.id, firstName: student.first_name });
  });

  it('verifies an unverified account whose owner proved the address through the link', async () => {
    const app = await createTestApp();
    const { user } = await registerUser(app, { email: 'late@gmail.com' });
    expect(user.isVerified).toBe(false);
    await app.request('/api/auth/sign-in-link', { json: { email: 'late@gmail.com' } });
    const token = await linkParameter(app, 'late@gmail.com', 'token');
    const done = await app.request('/api/auth/sign-in-link/complete', { json: { email: 'late@gmail.com', token } });
    expect(((await done.json()) as MeResponse).user?.isVerified).toBe(true);
  });
});

describe('password reset (spec 1 §2 /forgotpassword)', () => {
  it('mails a reset link; completing it sets the new password and ends every old session', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'forgetful@ou.edu' });
    const laptop = await app.signInAs(student.id);
    const phone = await app.signInAs(student.id);

    const sent = await app.request('/api/auth/password-reset', { json: { email: 'Forgetful@ou.edu' } });
    expect(sent.status).toBe(200);
    const [mail] = await app.mails('forgetful@ou.edu');
    expect(mail?.subject).toBe('Reset your OU Buy / Sell password');
    expect(mail?.links[0]).toMatch(/^http:\/\/ou\.localhost\/forgotpassword\?/);

    const token = await linkParameter(app, 'forgetful@ou.edu', 'token');
    const done = await app.request('/api/auth/password-reset/complete', { json: { token, password: 'brand new' } });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: 'forgetful@ou.edu' });

    expect(await me(app, laptop)).toBeNull();
    expect(await me(app, phone)).toBeNull();
    const old = await app.request('/api/auth/login', { json: { email: 'forgetful@ou.edu', password: PASSWORD } });
    await expectError(old, 401, SIGN_IN_MESSAGES.wrongPassword);
    const fresh = await app.request('/api/auth/login', { json: { email: 'forgetful@ou.edu', password: 'brand new' } });
    expect(fresh.status).toBe(200);
  });
});
