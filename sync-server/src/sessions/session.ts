import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { type Db, preparedFor, withSqlite } from '../db/database.ts';
import { createReadCache } from '../db/read-cache.ts';
import type { UserRow } from '../db/schema.ts';

/**
 * Sessions the way the Lucia guide builds them (the `lucia` package is
 * deprecated): a random token in the cookie, only its SHA-256 in the
 * database, so a leaked database cannot be replayed as cookies.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 30 * DAY_MS;
/** Sliding expiry: a session used in its last 15 days is extended to a full 30 again. */
const RENEW_WITHIN_MS = 15 * DAY_MS;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Node's native SHA-256 (the same hex as @oslojs/crypto's, a few microseconds less per request). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function createSession(db: Db, token: string, userId: string, now = Date.now()) {
  const session = {
    id: hashToken(token),
    user_id: userId,
    expires_at: now + SESSION_TTL_MS,
    created_at: new Date(now).toISOString(),
  };
  await db.insertInto('sessions').values(session).execute();
  return session;
}

export interface ValidSession {
  sessionId: string;
  expiresAt: number;
  user: UserRow;
  /** True when the expiry moved, so the cookie must be sent again. */
  isRenewed: boolean;
}

const sessionStatements = preparedFor((sqlite) => ({
  find: sqlite.prepare<[string], UserRow & { session_expires_at: number }>(
    `select users.*, sessions.expires_at as session_expires_at
     from sessions inner join users on users.id = sessions.user_id where sessions.id = ?`,
  ),
  remove: sqlite.prepare<[string]>('delete from sessions where id = ?'),
  renew: sqlite.prepare<[number, string]>('update sessions set expires_at = ? where id = ?'),
}));

interface LiveSession {
  user: UserRow;
  expiresAt: number;
}

/**
 * Live sessions with their users, as last read, until that student's rows
 * change (db/read-cache.ts): a student's every request needs them, and reading
 * them (a read transaction's WAL locks, a 30-column row) was the largest part
 * of a signed-in feed page after the page itself (issue 25). A logout, a
 * renewal, an edit of the user drops that student's sessions before the next
 * read; other students' writes leave them (issue 36). Frozen: every request
 * shares the row.
 */
const liveSessions = createReadCache<Readonly<LiveSession>>(10_000, (_sessionId, live) => live.user.id);

/** Tokens' hashes as worked out: the same few thousand students ask again and again. */
const sessionIds = new Map<string, string>();
const MAX_SESSION_IDS = 10_000;

/** hashToken, remembered: a SHA-256 was ~2.5 µs of every signed-in request (issue 25). Emptied when full. */
function sessionIdOf(token: string): string {
  let id = sessionIds.get(token);
  if (id === undefined) {
    id = hashToken(token);
    if (sessionIds.size >= MAX_SESSION_IDS) sessionIds.clear();
    sessionIds.set(token, id);
  }
  return id;
}

/**
 * Runs on every request with a session cookie (loadViewer), so it reads through
 * prepared statements (Kysely building this join cost ~30 µs a request) and
 * keeps what it read while nothing is written (issue 25). Same answers and
 * writes as the Lucia guide's.
 */
export async function validateSessionToken(db: Db, token: string, now = Date.now()): Promise<ValidSession | null> {
  const sessionId = sessionIdOf(token);
  return withSqlite(db, (sqlite) => {
    const statements = sessionStatements(sqlite);
    const live = liveSessions.read(sqlite, sessionId, () => {
      const found = statements.find.get(sessionId);
      if (found === undefined) return undefined;
      const { session_expires_at: expiresAt, ...user } = found;
      return Object.freeze({ user: Object.freeze(user), expiresAt });
    });
    if (!live) return null;
    const { user, expiresAt } = live;
    if (now >= expiresAt) {
      statements.remove.run(sessionId);
      return null;
    }
    if (now >= expiresAt - RENEW_WITHIN_MS) {
      const renewed = now + SESSION_TTL_MS;
      statements.renew.run(renewed, sessionId);
      return { sessionId, expiresAt: renewed, user, isRenewed: true };
    }
    return { sessionId, expiresAt, user, isRenewed: false };
  });
}

// Ending a session (logout, password change, reset) closes its sockets too: see session-sockets.ts.
