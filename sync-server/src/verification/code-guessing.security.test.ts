import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorsOf, expectError, latestCode } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const TARGET = 'someone@ou.edu';
const RIGHT = 4321;

/** `count` students of OU who have not verified a school e-mail, each signed in. */
async function students(app: TestApp, count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let index = 0; index < count; index++) {
    const student = await createUser(app.db, { school_verified: 0, school_email: null });
    sessions.push(await app.signInAs(student.id));
  }
  return sessions;
}

function sendSchoolCode(app: TestApp, session: string, email = TARGET) {
  return app.request('/api/verification/send', { session, json: { action: 'verify school', email } });
}

function checkSchoolCode(app: TestApp, session: string, code: string) {
  return app.request('/api/verification/check', { session, json: { action: 'verify school', code } });
}

/** Every outstanding code for the target becomes RIGHT, so the test knows which guesses are wrong. */
async function pinTargetCodes(app: TestApp): Promise<void> {
  await app.db.updateTable('verification_codes').set({ code: RIGHT }).where('email', '=', TARGET).execute();
}

async function holdersOfTarget(app: TestApp) {
  return app.db.selectFrom('users').select('id').where('school_email', '=', TARGET).execute();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('guessing one address’s code from many accounts', () => {
  it('after 5 wrong codes for the address, across accounts, every code for it is void and a wait applies', async () => {
    const app = await createTestApp();
    const sessions = await students(app, 8);
    for (const session of sessions) expect((await sendSchoolCode(app, session)).status).toBe(200);
    await pinTargetCodes(app);
    for (const session of sessions.slice(0, 4)) {
      await expectError(await checkSchoolCode(app, session, '1111'), 400, 'Your code was incorrect. Please try again.');
    }
    const locked = LIMIT_MESSAGES.wrongCodesForEmail(60_000);
    expect(locked).toBe(
      'Too many wrong codes were tried for this email address. Please request a new code in 1 minute.',
    );
    await expectError(await checkSchoolCode(app, sessions[4] ?? '', '1112'), 429, locked, 'code');
    await expectError(await checkSchoolCode(app, sessions[5] ?? '', '1113'), 429, locked, 'code');
    // Even the right code is void now: the attacker cannot keep guessing on the other accounts’ codes.
    expect((await checkSchoolCode(app, sessions[6] ?? '', String(RIGHT))).status).toBe(429);
    // And no new code goes out for the address until the wait is over.
    await expectError(await sendSchoolCode(app, sessions[7] ?? ''), 429, locked);
    expect(await holdersOfTarget(app)).toEqual([]);
  });

  it('the wait doubles with each lock; once it is over the owner verifies with a new code', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T12:00:00Z') });
    const app = await createTestApp({ mailsPerRecipientPerHour: 20 });
    const [owner = '', ...attackers] = await students(app, 6);
    async function lockTarget() {
      for (const session of attackers.slice(0, 5)) expect((await sendSchoolCode(app, session)).status).toBe(200);
      await pinTargetCodes(app);
      for (const session of attackers.slice(0, 5)) await checkSchoolCode(app, session, '1111');
    }
    await lockTarget();
    vi.setSystemTime(Date.now() + 61_000);
    await lockTarget();
    const second = await sendSchoolCode(app, owner);
    await expectError(second, 429, LIMIT_MESSAGES.wrongCodesForEmail(120_000));
    vi.setSystemTime(Date.now() + 121_000);
    expect((await sendSchoolCode(app, owner)).status).toBe(200);
    const code = await latestCode(app, TARGET);
    expect((await checkSchoolCode(app, owner, code)).status).toBe(200);
    expect(await holdersOfTarget(app)).toHaveLength(1);
  });

  it('guesses sent all at once from many accounts: no more than 5 are judged', async () => {
    const app = await createTestApp();
    const sessions = await students(app, 9);
    for (const session of sessions) await sendSchoolCode(app, session);
    await pinTargetCodes(app);
    const responses = await Promise.all(sessions.map((session) => checkSchoolCode(app, session, '1111')));
    const statuses = responses.map((response) => response.status);
    // Four plain wrongs, the fifth locks the address, the rest are not judged.
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const open = await app.db.selectFrom('verification_codes').select('attempts').where('attempts', '<', 5).execute();
    expect(open).toEqual([]);
  });

  it('one student’s own wrong tries keep the spec’s too-many message for the locked code', async () => {
    const app = await createTestApp();
    const [session = ''] = await students(app, 1);
    await sendSchoolCode(app, session);
    await pinTargetCodes(app);
    for (const guess of ['1111', '2222', '3333', '4444'])
      expect((await checkSchoolCode(app, session, guess)).status).toBe(400);
    await expectError(await checkSchoolCode(app, session, '5555'), 429, SIGN_IN_MESSAGES.tooManyRequests, 'code');
  });
});

describe('mail to one address', () => {
  it('is capped per recipient per hour, whichever accounts ask', async () => {
    const app = await createTestApp({ mailsPerRecipientPerHour: 3 });
    const sessions = await students(app, 5);
    const statuses: number[] = [];
    for (const session of sessions) {
      const response = await app.request('/api/verification/send', {
        session,
        json: { action: 'change email', email: 'victim@gmail.com' },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        const [error] = await errorsOf(response, 429);
        expect(error?.msg).toBe(LIMIT_MESSAGES.mailsToEmail(60 * 60_000));
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await app.mails('victim@gmail.com')).toHaveLength(3);
  });

  it('links and resets count towards the same cap as codes', async () => {
    const app = await createTestApp({ mailsPerRecipientPerHour: 2, trustProxyHops: 1 });
    const asked = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      asked.push(
        await app.request('/api/auth/sign-in-link', {
          headers: { 'x-forwarded-for': address },
          json: { email: 'victim@gmail.com', first: 'Vic', last: 'Tim' },
        }),
      );
    }
    expect(asked.map((response) => response.status)).toEqual([200, 200, 429]);
    expect(await app.mails('victim@gmail.com')).toHaveLength(2);
  });
});
