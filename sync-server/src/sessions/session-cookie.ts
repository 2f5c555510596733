import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';

const SESSION_COOKIE = 'session';

/** Served over HTTPS directly or behind a TLS proxy that says so. */
function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** The first `session=` pair of a Cookie header: its value, unquoted, up to the next `;`. */
const SESSION_PAIR = /(?:^|;)[ \t]*session=[ \t]*"?([^";\s]+)/;

/**
 * The session token of a Cookie header, or undefined. A token is 32 base32
 * letters, which no encoding changes, so it is read as it stands: hono's
 * getCookie (a parse of every pair, with their decoding) was ~3 µs of every
 * signed-in request (issue 25). A malformed value is looked up, found in no
 * session, and cleared like any unknown one.
 */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  return SESSION_PAIR.exec(cookieHeader)?.[1];
}

/** HttpOnly (no script reads it), SameSite=Lax (no cross-site POSTs carry it), Secure on HTTPS. */
export function setSessionCookie(c: Context, token: string, expiresAt: number): void {
  // A ready answer made after this must carry the cookie (http/standard-response.ts).
  c.set('headersPrepared', true);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function deleteSessionCookie(c: Context): void {
  c.set('headersPrepared', true);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) });
}
