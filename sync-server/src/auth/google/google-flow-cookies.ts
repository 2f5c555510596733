import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const STATE_COOKIE = 'google_oauth_state';
const VERIFIER_COOKIE = 'google_code_verifier';
const REDIRECT_COOKIE = 'google_redirect';
/** Only the callback needs them back; nothing else on the site should carry them. */
const COOKIE_PATH = '/auth/google';
/** Long enough to pick an account and consent, short enough that a stale flow dies. */
const FLOW_SECONDS = 10 * 60;
const REDIRECT_MAX_LENGTH = 512;

export interface GoogleFlow {
  state: string;
  codeVerifier: string;
  redirect: string | undefined;
}

/** The same rule as the session cookie: Secure when served over HTTPS, directly or behind a TLS proxy. */
function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/**
 * A path on this site, or undefined. '//host' and '/\host' are read by
 * browsers as another origin (an open redirect); control characters and
 * spaces could split the Location header.
 */
export function safeRedirectPath(value: string | undefined): string | undefined {
  if (!value || value.length > REDIRECT_MAX_LENGTH) return undefined;
  return /^\/(?![/\\])[^\\\s\p{Cc}]*$/u.test(value) ? value : undefined;
}

/**
 * HttpOnly: no script may read the verifier. SameSite=Lax: Google's redirect
 * back is a top-level GET navigation, which Lax still sends the cookies on.
 */
export function rememberGoogleFlow(c: Context, flow: GoogleFlow): void {
  const options = {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: COOKIE_PATH,
    maxAge: FLOW_SECONDS,
  } as const;
  setCookie(c, STATE_COOKIE, flow.state, options);
  setCookie(c, VERIFIER_COOKIE, flow.codeVerifier, options);
  if (flow.redirect) setCookie(c, REDIRECT_COOKIE, flow.redirect, options);
  // An abandoned earlier flow's target must not hijack where this one ends.
  else if (getCookie(c, REDIRECT_COOKIE) !== undefined) deleteCookie(c, REDIRECT_COOKIE, { path: COOKIE_PATH });
}

/** Reads the flow and clears its cookies: a state and verifier serve one callback only. */
export function takeGoogleFlow(c: Context): Partial<GoogleFlow> {
  const flow = {
    state: getCookie(c, STATE_COOKIE),
    codeVerifier: getCookie(c, VERIFIER_COOKIE),
    redirect: safeRedirectPath(getCookie(c, REDIRECT_COOKIE)),
  };
  for (const name of [STATE_COOKIE, VERIFIER_COOKIE, REDIRECT_COOKIE]) {
    if (getCookie(c, name) !== undefined) deleteCookie(c, name, { path: COOKIE_PATH, secure: isHttps(c) });
  }
  return flow;
}
