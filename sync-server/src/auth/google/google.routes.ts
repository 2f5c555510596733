import type { GoogleErrorCode } from '@campus/shared/google-errors';
import { generateCodeVerifier, generateState } from 'arctic';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppEnv } from '../../http/env.ts';
import { signIn } from '../sign-in.ts';
import { enforceLocation } from '../sign-in-guards.ts';
import { siteOrigin } from '../site-origin.ts';
import { findOrCreateGoogleUser } from './google-account.ts';
import { createGoogleClient, exchangeErrorCode, readIdToken } from './google-client.ts';
import { rememberGoogleFlow, safeRedirectPath, takeGoogleFlow } from './google-flow-cookies.ts';

/** Each campus host gets its own callback, so the session cookie lands on the site the user started from. */
function callbackUri(c: Context<AppEnv>, context: AppContext): string {
  return `${siteOrigin(c, context.config)}/auth/google/callback`;
}

function failure(c: Context<AppEnv>, code: GoogleErrorCode): Response {
  return c.redirect(`/login?googleError=${code}`);
}

/** True when the location gate of spec 1 §5 turns this visitor away. */
async function isLocationBlocked(c: Context<AppEnv>, context: AppContext): Promise<boolean> {
  try {
    await enforceLocation(c, context);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === 'location_blocked') return true;
    throw error;
  }
}

/**
 * Google sign-in (issue 3) with arctic and PKCE. Browsers navigate here, so
 * every outcome is a redirect: failures go to /login?googleError=<code>
 * (shared/google-errors.ts turns the code into the spec 1 §8 text).
 */
export function googleRoutes(context: AppContext) {
  const { db, config, logger } = context;

  async function completeSignIn(c: Context<AppEnv>, code: string, codeVerifier: string, redirect?: string) {
    const client = createGoogleClient(config, callbackUri(c, context));
    if (!client || !config.googleClientId) return c.redirect('/login?google=unavailable');
    if (await isLocationBlocked(c, context)) return c.redirect('/404');
    let idToken: string;
    try {
      idToken = await client.exchangeCode(code, codeVerifier);
    } catch (error) {
      logger.info('google code exchange failed', { error: String(error) });
      return failure(c, exchangeErrorCode(error));
    }
    const identity = readIdToken(idToken, config.googleClientId);
    if (!identity) return failure(c, 'unknown');
    const { email } = identity;
    if (!email) return failure(c, 'notFound');
    if (!identity.isEmailVerified) return failure(c, 'invalidCredential');
    if (context.bannedEmails.has(email.toLowerCase())) return failure(c, 'banned');
    const campus = c.get('campus');
    const user = await findOrCreateGoogleUser(db, { ...identity, email }, campus.id);
    // The linked account may have moved to another e-mail since: the ban list is about accounts.
    if (context.bannedEmails.has(user.email.trim().toLowerCase())) return failure(c, 'banned');
    await signIn(c, db, user.id);
    // spec 1 §4: Google sign-up lands on /home, or /search_schools on the generic site.
    return c.redirect(redirect ?? (campus.isGeneric ? '/search_schools' : '/home'));
  }

  return new Hono<AppEnv>()
    .get('/auth/google', (c) => {
      const client = createGoogleClient(config, callbackUri(c, context));
      if (!client) return c.redirect('/login?google=unavailable');
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      rememberGoogleFlow(c, { state, codeVerifier, redirect: safeRedirectPath(c.req.query('redirect')) });
      c.header('Cache-Control', 'no-store');
      return c.redirect(client.createAuthorizationURL(state, codeVerifier).toString());
    })
    .get('/auth/google/callback', async (c) => {
      c.header('Cache-Control', 'no-store');
      const flow = takeGoogleFlow(c);
      const { error, code, state } = c.req.query();
      if (error) return failure(c, error === 'access_denied' ? 'cancelled' : 'unknown');
      // A missing or different state: a forged callback (login CSRF) or a flow from another tab.
      if (!code || !state || !flow.state || !flow.codeVerifier || state !== flow.state) return failure(c, 'flow');
      try {
        return await completeSignIn(c, code, flow.codeVerifier, flow.redirect);
      } catch (failed) {
        // Never a 500 page at the end of a browser redirect: log it and say so on /login.
        logger.error('google sign-in failed', { error: failed instanceof Error ? failed.stack : String(failed) });
        return failure(c, 'unknown');
      }
    });
}
