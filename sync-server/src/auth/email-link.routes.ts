import type { MeResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import {
  type LinkSentResponse,
  normaliseLinkName,
  type PasswordResetCompleteResponse,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
  signInLinkCompleteSchema,
  signInLinkRequestSchema,
} from '@campus/shared/email-link-rules';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { passwordResetMail } from '../mail/mail-templates.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findUserByEmail, setPasswordHash } from '../users/users.repository.ts';
import { consumeEmailToken, createEmailToken, revokeEmailTokens } from './email-tokens.ts';
import { openLinkAccount } from './link-account.ts';
import { hashPassword } from './password.ts';
import { signIn } from './sign-in.ts';
import { enforceLocation, refuseBannedEmail } from './sign-in-guards.ts';
import { clearSignInLocks } from './sign-in-limits.ts';
import { mailSignInLink, refuseLinkMailOverLimits } from './sign-in-link-mail.ts';
import { siteOrigin } from './site-origin.ts';

/** E-mail sign-in links and password resets (spec 1 §2, §4, §7): single-use tokens mailed as links. */
export function emailLinkRoutes(context: AppContext) {
  const { db, mailer, sessionSockets } = context;

  return new Hono<AppEnv>()
    .post('/sign-in-link', async (c) => {
      const { email, first, last } = await readJson(c, signInLinkRequestSchema);
      await enforceLocation(c, context);
      refuseBannedEmail(context, email);
      const hasAccount = (await findUserByEmail(db, email)) !== undefined;
      // spec 1 §2: a link registers only with first and last names; without them a new
      // address would get a link that can only say 'Failed: Wrong Email.' (decision 026).
      if (!hasAccount && (first === undefined || last === undefined)) {
        throw new AppError('validation_failed', [
          { msg: ACCOUNT_MESSAGES.fullNameRequired, field: 'first' },
          { msg: ACCOUNT_MESSAGES.fullNameRequired, field: 'last' },
        ]);
      }
      await mailSignInLink(
        context,
        c,
        email,
        hasAccount || !first || !last ? undefined : { first: normaliseLinkName(first), last: normaliseLinkName(last) },
      );
      return c.json({ sent: true } satisfies LinkSentResponse);
    })
    .post('/sign-in-link/complete', async (c) => {
      const link = await readJson(c, signInLinkCompleteSchema);
      await enforceLocation(c, context);
      // The list may have changed since the link was mailed.
      refuseBannedEmail(context, link.email);
      const user = await openLinkAccount(context, c, link);
      await signIn(c, db, user.id);
      return c.json({ user: toMeDto(user) } satisfies MeResponse);
    })
    .post('/password-reset', async (c) => {
      const { email } = await readJson(c, passwordResetRequestSchema);
      refuseBannedEmail(context, email);
      const user = await findUserByEmail(db, email);
      // spec 1 §8: "User not found, try again!" (the e-mail check already tells who exists).
      if (!user) throw new AppError('not_found', [{ msg: ACCOUNT_MESSAGES.userNotFoundReset, field: 'email' }]);
      refuseLinkMailOverLimits(context, c, email);
      const site = c.get('campus');
      const token = await createEmailToken(db, 'reset password', user.email, site.id);
      const query = new URLSearchParams({ email: user.email, token });
      await mailer.send({
        to: user.email,
        ...passwordResetMail({
          url: `${siteOrigin(c, context.config)}/forgotpassword?${query}`,
          campusShortName: site.shortName,
        }),
      });
      return c.json({ sent: true } satisfies LinkSentResponse);
    })
    .post('/password-reset/complete', async (c) => {
      const { token, password } = await readJson(c, passwordResetCompleteSchema);
      const email = await consumeEmailToken(db, 'reset password', token);
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (!user) throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.resetLinkUsed, field: 'token' }]);
      await setPasswordHash(db, user.id, await hashPassword(password));
      // A reset ends every session, including a thief's, with its sockets, and every other mailed link.
      await revokeEmailTokens(db, user.email);
      await sessionSockets.endUserSessions(user.id);
      clearSignInLocks(context, user.email);
      return c.json({ email: user.email } satisfies PasswordResetCompleteResponse);
    });
}
