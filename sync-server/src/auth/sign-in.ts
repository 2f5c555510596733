import type { Context } from 'hono';
import type { Db } from '../db/database.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { setSessionCookie } from '../sessions/session-cookie.ts';

/** Starts a session for `userId` and sends its cookie; answers the session's id. */
export async function signIn(c: Context, db: Db, userId: string): Promise<string> {
  const token = generateSessionToken();
  const session = await createSession(db, token, userId);
  setSessionCookie(c, token, session.expires_at);
  return session.id;
}
