import type { IncomingMessage } from 'node:http';
import type { Db } from '../db/database.ts';
import { validateSessionToken } from './session.ts';
import { sessionTokenOf } from './session-cookie.ts';

/** The session an upgrade request's cookie names, or null (the socket twin of loadViewer). */
export async function readUpgradeSession(db: Db, request: IncomingMessage) {
  const token = sessionTokenOf(request.headers.cookie);
  return token ? await validateSessionToken(db, token) : null;
}
