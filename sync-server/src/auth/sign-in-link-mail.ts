import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { clientKey } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { refuseMailOverCap } from '../limits/mail-limits.ts';
import { signInLinkMail } from '../mail/mail-templates.ts';
import { createEmailToken } from './email-tokens.ts';
import { siteOrigin } from './site-origin.ts';

/**
 * Every mailed link's limits (decisions 007 and 017): 5 per client and
 * recipient in 15 minutes, then the per-recipient and per-client hourly caps.
 */
export function refuseLinkMailOverLimits(context: AppContext, c: Context, email: string): void {
  if (!context.limiters.mail.hit(`link:${clientKey(c, context)}:${email.toLowerCase()}`, context.now())) {
    throw new AppError('too_many_requests', SIGN_IN_MESSAGES.tooManyRequests);
  }
  refuseMailOverCap(context, c, email);
}

/**
 * Mails a single-use sign-in link bound to `email` (spec 1 §7): the campus
 * site's /login/sent with email, first and last (names only for an address
 * with no account yet: they register it) and the token.
 */
export async function mailSignInLink(
  context: AppContext,
  c: Context<AppEnv>,
  email: string,
  names?: { first: string; last: string },
): Promise<void> {
  refuseLinkMailOverLimits(context, c, email);
  const site = c.get('campus');
  const token = await createEmailToken(context.db, 'sign in', email, site.id);
  const query = new URLSearchParams({ email, ...(names ?? {}), token });
  await context.mailer.send({
    to: email,
    ...signInLinkMail({ url: `${siteOrigin(c, context.config)}/login/sent?${query}`, campusShortName: site.shortName }),
  });
}
