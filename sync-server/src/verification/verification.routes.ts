import type { VerificationCheckResponse, VerificationSendResponse } from '@campus/shared/account-api';
import { ACCOUNT_MESSAGES, emailSchema, SIGN_IN_MESSAGES, schoolEmailError } from '@campus/shared/account-rules';
import { CAMPUSES, type CampusDefinition } from '@campus/shared/campuses';
import {
  type VerificationSendRequest,
  verificationCheckRequestSchema,
  verificationSendRequestSchema,
} from '@campus/shared/verification-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { refuseMailOverCap } from '../limits/mail-limits.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { toMeDto } from '../users/me-dto.ts';
import { findSchoolEmailHolder, findUserByEmail, findUserById } from '../users/users.repository.ts';
import { isProvenAddress } from './proven-address.ts';
import { consumeCode, issueCode } from './verification.service.ts';
import { applyVerifiedAction } from './verified-actions.ts';
import { refuseLockedAddress } from './wrong-code-lock.ts';

/** spec 1 §1/§5: the school domains come from the site's campus, or the campus query on the generic site. */
function targetCampus(site: CampusDefinition, campusId: string | undefined): CampusDefinition {
  const id = site.isGeneric ? campusId : site.id;
  const campus = CAMPUSES.find((candidate) => candidate.id === id && !candidate.isGeneric);
  if (!campus)
    throw new AppError('validation_failed', [{ msg: ACCOUNT_MESSAGES.somethingWentWrong, field: 'campusId' }]);
  return campus;
}

async function recipientFor(
  context: AppContext,
  viewer: UserRow,
  site: CampusDefinition,
  body: VerificationSendRequest,
) {
  if (body.action === 'verify user') return { email: viewer.email, campusId: null };
  if (body.action === 'verify school') {
    const campus = targetCampus(site, body.campusId);
    const email = (body.email ?? '').trim().toLowerCase();
    const error = schoolEmailError(email, campus.emailDomains, viewer.school_verified ? viewer.school_email : null);
    if (error) throw new AppError('validation_failed', [{ msg: error, field: 'email' }]);
    const holder = await findSchoolEmailHolder(context.db, email);
    if (holder && holder.id !== viewer.id)
      throw new AppError('conflict', [{ msg: ACCOUNT_MESSAGES.emailTaken, field: 'email' }]);
    return { email, campusId: campus.id };
  }
  const parsed = emailSchema.safeParse(body.email ?? '');
  if (!parsed.success)
    throw new AppError('validation_failed', [
      { msg: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.emailInvalid, field: 'email' },
    ]);
  const email = parsed.data;
  if (email.toLowerCase() === viewer.email.toLowerCase())
    throw new AppError('validation_failed', [{ msg: ACCOUNT_MESSAGES.newEmailSame, field: 'email' }]);
  if (context.bannedEmails.has(email.toLowerCase()))
    throw new AppError('forbidden', [{ msg: ACCOUNT_MESSAGES.emailBanned, field: 'email' }]);
  if (await findUserByEmail(context.db, email))
    throw new AppError('conflict', [{ msg: ACCOUNT_MESSAGES.emailTaken, field: 'email' }]);
  return { email, campusId: null };
}

export function verificationRoutes(context: AppContext) {
  return new Hono<AppEnv>()
    .post('/send', async (c) => {
      const viewer = requireViewer(c);
      const body = await readJson(c, verificationSendRequestSchema);
      const site = c.get('campus');
      const recipient = await recipientFor(context, viewer, site, body);
      // A resend while the address is locked uses up none of the student's own sends.
      refuseLockedAddress(context, recipient.email);
      if (!context.limiters.mail.hit(`code:${viewer.id}:${body.action}`, context.now())) {
        throw new AppError('too_many_requests', SIGN_IN_MESSAGES.tooManyRequests);
      }
      if (body.action === 'verify school' && isProvenAddress(viewer, recipient.email)) {
        const result = await applyVerifiedAction(context.db, viewer, body.action, recipient, site);
        const joined = await findUserById(context.db, viewer.id);
        if (!joined) throw new AppError('not_found', ACCOUNT_MESSAGES.somethingWentWrong);
        return c.json({
          sentTo: null,
          joined: { user: toMeDto(joined), ...result },
        } satisfies VerificationSendResponse);
      }
      refuseMailOverCap(context, c, recipient.email);
      await issueCode(context, { user: viewer, action: body.action, ...recipient, siteShortName: site.shortName });
      return c.json({ sentTo: recipient.email } satisfies VerificationSendResponse);
    })
    .post('/check', async (c) => {
      const viewer = requireViewer(c);
      const { action, code } = await readJson(c, verificationCheckRequestSchema);
      if (!context.limiters.codeCheck.hit(`check:${viewer.id}`, context.now())) {
        throw new AppError('too_many_requests', SIGN_IN_MESSAGES.tooManyRequests);
      }
      const matched = await consumeCode(context, viewer, action, code);
      const result = await applyVerifiedAction(context.db, viewer, action, matched, c.get('campus'));
      const user = await findUserById(context.db, viewer.id);
      if (!user) throw new AppError('not_found', ACCOUNT_MESSAGES.somethingWentWrong);
      const body: VerificationCheckResponse = { user: toMeDto(user), ...result };
      return c.json(body);
    });
}
