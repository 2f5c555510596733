import { CLAIM_MESSAGES, claimLinkRequestSchema, type LinkSentResponse } from '@campus/shared/email-link-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { isBlockedEitherWay } from '../blocks/blocks.repository.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { findCampusAccountByUsername } from '../users/users.repository.ts';
import { enforceLocation } from './sign-in-guards.ts';
import { mailSignInLink } from './sign-in-link-mail.ts';

/**
 * POST /api/auth/claim-link (spec 2 §2 'Claim this account', decision 026):
 * mails a sign-in link to the address an unverified account of this campus
 * was made with. Whoever asks never learns the address; only its owner can
 * open the link, which verifies the account and ends what was set before
 * (link-account.ts). Every limit on mailed links applies, and nothing is
 * mailed across a block with a signed-in visitor.
 */
export function claimLinkRoutes(context: AppContext) {
  return new Hono<AppEnv>().post('/claim-link', async (c) => {
    const { username } = await readJson(c, claimLinkRequestSchema);
    await enforceLocation(c, context);
    const account = await findCampusAccountByUsername(context.db, c.get('campus').id, username);
    const viewerId = c.get('viewer')?.id;
    // A banned address is not mailed, nor an owner across a block with the signed-in visitor:
    // both answer as an account that is not there.
    if (
      !account ||
      context.bannedEmails.has(account.email.trim().toLowerCase()) ||
      (viewerId !== undefined && (await isBlockedEitherWay(context.db, viewerId, account.id)))
    ) {
      throw new AppError('not_found', [{ msg: CLAIM_MESSAGES.notFound, field: 'username' }]);
    }
    if (account.verified) throw new AppError('conflict', [{ msg: CLAIM_MESSAGES.alreadyVerified, field: 'username' }]);
    await mailSignInLink(context, c, account.email);
    return c.json({ sent: true } satisfies LinkSentResponse);
  });
}
