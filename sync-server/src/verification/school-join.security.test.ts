import type { VerificationSendResponse } from '@campus/shared/account-api';
import { describe, expect, it } from 'vitest';
import { expectError, me } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function send(app: TestApp, session: string, email: string, host?: string) {
  return app.request('/api/verification/send', { session, host, json: { action: 'verify school', email } });
}

// docs/decisions/022: only an address the account has already proved it reads skips the code.
describe('joining without a second code is only for the account’s own verified address', () => {
  it('an unverified account’s sign-up address still gets a code', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, {
      email: 'alex.rivera@ou.edu',
      verified: 0,
      school_verified: 0,
      school_email: null,
    });
    const session = await app.signInAs(student.id);
    const response = await send(app, session, 'alex.rivera@ou.edu');
    expect(((await response.json()) as VerificationSendResponse).sentTo).toBe('alex.rivera@ou.edu');
    expect(await app.mails('alex.rivera@ou.edu')).toHaveLength(1);
    expect((await me(app, session))?.isSchoolVerified).toBe(false);
  });

  it('someone else’s address gets a code sent to it, not a join', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { email: 'me@gmail.com', school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    const response = await send(app, session, 'alex.rivera@ou.edu');
    expect(await response.json()).toEqual({ sentTo: 'alex.rivera@ou.edu' });
    expect((await me(app, session))?.isSchoolVerified).toBe(false);
  });

  it('the verified address of another campus’s domain is refused on this campus', async () => {
    const app = await createTestApp();
    const student = await createUser(app.db, { email: 'alex.rivera@ou.edu', school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    await expectError(
      await send(app, session, 'alex.rivera@ou.edu', 'utexas.localhost'),
      422,
      'Enter a valid school email',
      'email',
    );
    expect((await me(app, session))?.isSchoolVerified).toBe(false);
  });

  it('an address another student already holds as school e-mail is taken, even when verified here', async () => {
    const app = await createTestApp();
    await createUser(app.db, { email: 'other@gmail.com', school_email: 'alex.rivera@ou.edu' });
    const student = await createUser(app.db, { email: 'alex.rivera@ou.edu', school_verified: 0, school_email: null });
    const session = await app.signInAs(student.id);
    await expectError(await send(app, session, 'alex.rivera@ou.edu'), 409, 'That email is taken.', 'email');
    expect((await me(app, session))?.isSchoolVerified).toBe(false);
  });
});
