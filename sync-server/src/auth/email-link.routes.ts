import type { MeResponse } from '@campus/shared/account-api';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  baseUsername,
  emailSchema,
  fullNameError,
  lastNameInitial,
  SIGN_IN_MESSAGES,
} from '@campus/shared/account-rules';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { passwordResetMail, signInLinkMail } from '../mail/mail-templates.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findUserByEmail, insertUserWithFreeUsername } from '../users/users.repository.ts';
import { type AccountsContext, clientKey, enforceLocation, refuseBannedEmail, siteOrigin } from './accounts-context.ts';
import { consumeEmailToken, createEmailToken, revokeEmailTokens } from './email-tokens.ts';
import { refuseMailOverCap } from './mail-limits.ts';
import { hashPassword } from './password.ts';
import { signIn } from './sign-in.ts';
import { clearSignInLocks } from './sign-in-limits.ts';

const nameSchema = z
  .string()
  .trim()
  .max(ACCOUNT_LIMITS.nameMax * 2)
  .optional();
export const linkRequestSchema = z.object({ email: emailSchema, first: nameSchema, last: nameSchema });
export const linkCompleteSchema = z.object({
  email: emailSchema,
  token: z.string().min(1).max(100),
  first: nameSchema,
  last: nameSchema,
});
export const resetRequestSchema = z.object({ email: emailSchema });
export const resetCompleteSchema = z.object({
  token: z.string().min(1).max(100),
  password: z
    .string({ error: ACCOUNT_MESSAGES.newPasswordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.newPasswordRequired, abort: true })
    .min(ACCOUNT_LIMITS.passwordMin, ACCOUNT_MESSAGES.passwordTooShortSettings)
    .max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooShortSettings),
});

/** E-mail sign-in links and password resets (spec 1 §2, §4, §7): single-use tokens mailed as links. */
export function emailLinkRoutes(context: AccountsContext) {
  const { db, mailer, limiters, sessionSockets } = context;

  function limitMail(c: Context, email: string): void {
    if (!limiters.mail.hit(`link:${clientKey(c, context)}:${email.toLowerCase()}`, context.now())) {
      throw new AppError('too_many_requests', SIGN_IN_MESSAGES.tooManyRequests);
    }
    refuseMailOverCap(context, c, email);
  }

  return new Hono<AppEnv>()
    .post('/sign-in-link', async (c) => {
      const { email, first, last } = await readJson(c, linkRequestSchema);
      await enforceLocation(c, context);
      refuseBannedEmail(context, email);
      limitMail(c, email);
      const site = c.get('campus');
      const token = await createEmailToken(db, 'sign in', email, site.id);
      // spec 1 §7: the continue address is the campus site's /login/sent with email, first, last.
      const query = new URLSearchParams({ email, ...(first ? { first } : {}), ...(last ? { last } : {}), token });
      await mailer.send({
        to: email,
        ...signInLinkMail({
          url: `${siteOrigin(c, context.config)}/login/sent?${query}`,
          campusShortName: site.shortName,
        }),
      });
      return c.json({ sent: true });
    })
    .post('/sign-in-link/complete', async (c) => {
      const { email, token, first, last } = await readJson(c, linkCompleteSchema);
      await enforceLocation(c, context);
      // The list may have changed since the link was mailed.
      refuseBannedEmail(context, email);
      const linkedEmail = await consumeEmailToken(db, 'sign in', token);
      if (!linkedEmail || linkedEmail !== email.toLowerCase()) {
        throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.wrongEmailLink, field: 'email' }]);
      }
      let user = await findUserByEmail(db, email);
      if (!user) {
        // spec 1 §2: with first and last names in the link it registers the user.
        const fullName = `${first ?? ''} ${last ?? ''}`;
        if (!first || !last || fullNameError(fullName)) {
          throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.wrongEmailLink, field: 'email' }]);
        }
        const lastName = lastNameInitial(last);
        const account = {
          campusId: c.get('campus').id,
          firstName: first,
          lastName,
          email,
          passwordHash: null,
          // The mailed link proves the address, as the code would.
          isVerified: true,
        };
        user = await insertUserWithFreeUsername(db, account, baseUsername(first, lastName), '');
      } else if (!user.verified) {
        await db.updateTable('users').set({ verified: 1 }).where('id', '=', user.id).execute();
        user = { ...user, verified: 1 };
      }
      await signIn(c, db, user.id);
      return c.json({ user: toMeDto(user) } satisfies MeResponse);
    })
    .post('/password-reset', async (c) => {
      const { email } = await readJson(c, resetRequestSchema);
      refuseBannedEmail(context, email);
      const user = await findUserByEmail(db, email);
      // spec 1 §8: "User not found, try again!" (the e-mail check already tells who exists).
      if (!user) throw new AppError('not_found', [{ msg: ACCOUNT_MESSAGES.userNotFoundReset, field: 'email' }]);
      limitMail(c, email);
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
      return c.json({ sent: true });
    })
    .post('/password-reset/complete', async (c) => {
      const { token, password } = await readJson(c, resetCompleteSchema);
      const email = await consumeEmailToken(db, 'reset password', token);
      const user = email ? await findUserByEmail(db, email) : undefined;
      if (!user) throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.resetLinkUsed, field: 'token' }]);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password), last_modified: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
      // A reset ends every session, including a thief's, with its sockets, and every other mailed link.
      await revokeEmailTokens(db, user.email);
      await sessionSockets.endUserSessions(user.id);
      clearSignInLocks(context, user.email);
      return c.json({ email: user.email });
    });
}
