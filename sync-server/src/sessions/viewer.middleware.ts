import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { validateSessionToken } from './session.ts';
import { deleteSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie.ts';

/** Reads the session cookie on every request; an unknown or expired one is cleared. */
export function loadViewer(db: Db): MiddlewareHandler<AppEnv> {
  return async function viewerFromCookie(c, next) {
    c.set('viewer', null);
    c.set('sessionId', null);
    const token = sessionTokenOf(c.req.header('cookie'));
    if (token) {
      const session = await validateSessionToken(db, token);
      if (session) {
        c.set('viewer', session.user);
        c.set('sessionId', session.sessionId);
        if (session.isRenewed) setSessionCookie(c, token, session.expiresAt);
      } else {
        deleteSessionCookie(c);
      }
    }
    await next();
  };
}

export const SIGNED_OUT_MESSAGE = 'Please log in to continue.';

/** The signed-in user, or a 401 (spec 1 §2 private routes; the API refuses them). */
export function requireViewer(c: { get(key: 'viewer'): UserRow | null }): UserRow {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('unauthorized', SIGNED_OUT_MESSAGE);
  return viewer;
}

/**
 * CSRF protection for cookie-authenticated writes: a state-changing request
 * must come from a page of the same origin. Browsers always send Origin on
 * cross-site POSTs, so a missing Origin (or `null`) is accepted only when Sec-Fetch-Site
 * says same-origin or the request carries no cookie at all (non-browser clients).
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  async function checkWrite(c: Context<AppEnv>, next: Next) {
    // A form posted from one of our pages says `Origin: null` (their Referrer-Policy is no-referrer):
    // that is no origin, and Sec-Fetch-Site, which no page can set, decides as for a request without one.
    const origin = c.req.header('origin');
    const host = c.req.header('host');
    if (origin && origin !== 'null') {
      let originHost: string | null = null;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (!host || originHost !== host) throw new AppError('forbidden', 'Cross-site request refused.');
    } else if (c.req.header('cookie') && c.req.header('sec-fetch-site') !== 'same-origin') {
      throw new AppError('forbidden', 'Cross-site request refused.');
    }
    await next();
  }
  // Not async itself: a read passes straight on, without a promise of its own (issue 25).
  return function checkOrigin(c, next) {
    const { method } = c.req;
    return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? next() : checkWrite(c, next);
  };
}
