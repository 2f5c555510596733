import type { MeResponse } from '@campus/shared/account-api';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, me, PASSWORD, registerUser, sessionCookieSetBy, sessionSetBy } from '../test/accounts.ts';
import { createTestApp } from '../test/test-app.ts';

describe('POST /api/auth/register', () => {
  it('creates an unverified user named per spec 1 §5, signs them in and mails a code', async () => {
    const app = await createTestApp();
    const { user, session, response } = await registerUser(app, {
      name: '  Emily   Carter ',
      email: 'emily.carter@gmail.com',
    });

    expect(user).toMatchObject({
      campusId: 'ou',
      firstName: 'Emily',
      lastName: 'C.',
      username: 'emilyc',
      email: 'emily.carter@gmail.com',
      isVerified: false,
      isSchoolVerified: false,
      hasPassword: true,
      emailNotifications: true,
      availableFunds: 0,
    });
    expect(sessionCookieSetBy(response)).toContain('HttpOnly');
    expect(await me(app, session)).toMatchObject({ id: user.id, username: 'emilyc', isVerified: false });

    const [mail, ...others] = await app.mails('emily.carter@gmail.com');
    expect(others).toEqual([]);
    expect(mail?.code).toMatch(/^[1-9]\d{3}$/);
    expect(mail?.subject).toBe(`${mail?.code} is your OU Buy / Sell verification code`);
    expect(mail?.text).toContain('two hours');
  });

  it('gives the next Emily C. the numeric suffix 2, then 3', async () => {
    const app = await createTestApp();
    await registerUser(app, { name: 'Emily Carter', email: 'one@gmail.com' });
    const second = await registerUser(app, { name: 'Emily Cole', email: 'two@gmail.com' });
    const third = await registerUser(app, { name: "Emily O'Connor Cruz", email: 'three@gmail.com' });
    expect(second.user).toMatchObject({ firstName: 'Emily', lastName: 'C.', username: 'emilyc2' });
    expect(third.user.username).toBe('emilyc3');
  });

  it('two Emily C.s signing up at the same moment get emilyc and emilyc2', async () => {
    const app = await createTestApp();
    const [first, second] = await Promise.all([
      registerUser(app, { name: 'Emily Carter', email: 'one@gmail.com' }),
      registerUser(app, { name: 'Emily Cole', email: 'two@gmail.com' }),
    ]);
    expect([first.user.username, second.user.username].sort()).toEqual(['emilyc', 'emilyc2']);
  });

  it('registers on the campus of the site it is sent to', async () => {
    const app = await createTestApp();
    const { user } = await registerUser(app, { host: 'utexas.localhost', email: 'longhorn@gmail.com' });
    expect(user.campusId).toBe('ut');
    const [mail] = await app.mails('longhorn@gmail.com');
    expect(mail?.subject).toBe(`${mail?.code} is your UT Buy / Sell verification code`);
  });
});

describe('POST /api/auth/login and /logout', () => {
  it('signs in with the password, case-insensitively on the e-mail', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app, { email: 'sooner@ou.edu' });
    const response = await app.request('/api/auth/login', { json: { email: 'Sooner@OU.edu', password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as MeResponse).user?.id).toBe(student.id);
    const session = sessionSetBy(response);
    expect(session).toBeTruthy();
    expect((await me(app, session ?? undefined))?.id).toBe(student.id);
  });

  it('logout ends this session only: me is null and the old cookie is refused', async () => {
    const app = await createTestApp();
    const student = await createPasswordUser(app);
    const session = await app.signInAs(student.id);
    const otherDevice = await app.signInAs(student.id);

    const response = await app.request('/api/auth/logout', { session, method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null });
    expect(sessionSetBy(response)).toBe('');

    expect(await me(app, session)).toBeNull();
    const refused = await app.request('/api/account/gender', { session, method: 'PUT', json: { gender: 'other' } });
    expect(refused.status).toBe(401);
    expect((await me(app, otherDevice))?.id).toBe(student.id);
  });

  it('me is null for a visitor and is never cached', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/me');
    expect(await response.json()).toEqual({ user: null });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('POST /api/users/email-check', () => {
  it('says whether to continue at /login or /register, case-insensitively', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: 'known@ou.edu' });
    const known = await app.request('/api/users/email-check', { json: { email: 'KNOWN@ou.edu' } });
    expect(await known.json()).toEqual({ exists: true });
    const unknown = await app.request('/api/users/email-check', { json: { email: 'new@ou.edu' } });
    expect(await unknown.json()).toEqual({ exists: false });
  });
});
