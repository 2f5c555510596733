import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createSession, generateSessionToken, hashToken, validateSessionToken } from './session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

async function sessionRow(app: Awaited<ReturnType<typeof createTestApp>>, token: string) {
  return app.db.selectFrom('sessions').selectAll().where('id', '=', hashToken(token)).executeTakeFirst();
}

describe('validateSessionToken', () => {
  it('stores the SHA-256 hex of the token, as sessions made before were stored', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('finds the user of a live session, and nothing for an unknown token', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db, { first_name: 'Amy' });
    const token = generateSessionToken();
    const now = Date.now();
    await createSession(app.db, token, user.id, now);
    const session = await validateSessionToken(app.db, token, now + DAY_MS);
    expect(session).toMatchObject({ sessionId: hashToken(token), isRenewed: false, expiresAt: now + 30 * DAY_MS });
    expect(session?.user).toEqual(
      await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirst(),
    );
    expect(await validateSessionToken(app.db, generateSessionToken(), now)).toBeNull();
  });

  it('deletes an expired session and answers null', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db);
    const token = generateSessionToken();
    const now = Date.now();
    await createSession(app.db, token, user.id, now);
    expect(await validateSessionToken(app.db, token, now + 30 * DAY_MS)).toBeNull();
    expect(await sessionRow(app, token)).toBeUndefined();
  });

  it('extends a session used in its last 15 days to a full 30 again, and says so', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db);
    const token = generateSessionToken();
    const now = Date.now();
    await createSession(app.db, token, user.id, now);
    const later = now + 16 * DAY_MS;
    expect(await validateSessionToken(app.db, token, later)).toMatchObject({
      isRenewed: true,
      expiresAt: later + 30 * DAY_MS,
    });
    expect((await sessionRow(app, token))?.expires_at).toBe(later + 30 * DAY_MS);
  });

  it('waits for a transaction open on the connection instead of reading its unfinished writes', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db);
    const token = generateSessionToken();
    await createSession(app.db, token, user.id);
    let lookup: Promise<unknown> | undefined;
    await app.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
        lookup = validateSessionToken(app.db, token);
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // The logout rolled back: the session is still there, and the lookup made during it says so.
    expect(await lookup).toMatchObject({ sessionId: hashToken(token) });
  });

  it('signs a request in, and clears the cookie of an expired session', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db);
    const session = await app.signInAs(user.id);
    const me = await app.request('/api/auth/me', { session });
    expect(me.status).toBe(200);
    await app.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const expired = await app.request('/api/auth/me', { session });
    expect(expired.headers.get('set-cookie')).toMatch(/^session=;/);
    expect(await sessionRow(app, session)).toBeUndefined();
  });

  it('is kept between requests, yet a logout or an edit of the user written behind the API shows in the next read', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db, { first_name: 'Amy' });
    const token = generateSessionToken();
    await createSession(app.db, token, user.id);
    const first = await validateSessionToken(app.db, token);
    expect(await validateSessionToken(app.db, token)).toEqual(first);
    // Every request shares the kept row: none may change it.
    expect(Object.isFrozen(first?.user)).toBe(true);
    await app.db.updateTable('users').set({ first_name: 'Amelia' }).where('id', '=', user.id).execute();
    expect((await validateSessionToken(app.db, token))?.user.first_name).toBe('Amelia');
    await app.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    expect(await validateSessionToken(app.db, token)).toBeNull();
  });
});
