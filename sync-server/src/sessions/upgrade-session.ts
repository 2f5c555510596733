import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { Db } from '../db/database.ts';
import { validateSessionToken } from './session.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/** The session an upgrade request's cookie names, or null (the socket twin of loadViewer). */
export async function readUpgradeSession(db: Db, request: IncomingMessage) {
  const token = parseCookies(request.headers.cookie ?? '', SESSION_COOKIE)[SESSION_COOKIE];
  return token ? await validateSessionToken(db, token) : null;
}
