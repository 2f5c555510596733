import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { Db } from '../db/database.ts';
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

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
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

export async function validateSessionToken(db: Db, token: string, now = Date.now()): Promise<ValidSession | null> {
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  if (now >= expiresAt) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  if (now >= expiresAt - RENEW_WITHIN_MS) {
    const renewed = now + SESSION_TTL_MS;
    await db.updateTable('sessions').set({ expires_at: renewed }).where('id', '=', sessionId).execute();
    return { sessionId, expiresAt: renewed, user, isRenewed: true };
  }
  return { sessionId, expiresAt, user, isRenewed: false };
}

// Ending a session (logout, password change, reset) closes its sockets too: see session-sockets.ts.
