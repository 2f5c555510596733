import { randomInt } from 'node:crypto';
import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MESSAGES,
  SIGN_IN_MESSAGES,
  type VerificationAction,
} from '@campus/shared/account-rules';
import { uuidv7 } from '@campus/shared/ids';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { verificationCodeMail } from '../mail/mail-templates.ts';
import { countWrongCode, forgetWrongCodes, refuseLockedAddress, refuseSpentCode } from './wrong-code-lock.ts';

export interface IssueCodeInput {
  user: UserRow;
  action: VerificationAction;
  /** Where the code is mailed: the sign-in e-mail, a new e-mail, or the school e-mail. */
  email: string;
  campusId: string | null;
  /** The site's campus, named in the subject line. */
  siteShortName: string;
}

/**
 * spec 1 §4: "a code is issued and mailed". A new code replaces any earlier
 * one for the same action, so only the latest mail works.
 */
export async function issueCode(context: AppContext, input: IssueCodeInput): Promise<void> {
  const { db, mailer } = context;
  const now = context.now();
  const code = randomInt(ACCOUNT_LIMITS.codeMin, ACCOUNT_LIMITS.codeMax + 1);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('verification_codes')
      .where('user_id', '=', input.user.id)
      .where('action', '=', input.action)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({
        id: uuidv7(),
        user_id: input.user.id,
        action: input.action,
        email: input.email.trim().toLowerCase(),
        campus_id: input.campusId,
        code,
        created_at: now,
      })
      .execute();
  });
  await mailer.send({
    to: input.email,
    ...verificationCodeMail({ code: String(code), campusShortName: input.siteShortName }),
  });
}

export interface MatchedCode {
  email: string;
  campusId: string | null;
}

/**
 * spec 1 §4: "on a match with the e-mail and the action type the action is
 * applied and the code record is deleted". A wrong code counts against the
 * record; the fifth wrong try locks it (beyond the spec: 9,000 guesses would
 * otherwise break a 4-digit code). Wrong codes also count against the target
 * address across accounts (wrong-code-lock.ts). Expired after two hours.
 */
export async function consumeCode(
  context: AppContext,
  user: UserRow,
  action: VerificationAction,
  code: string,
  now = context.now(),
): Promise<MatchedCode> {
  const { db } = context;
  const record = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('action', '=', action)
    .where('created_at', '>', now - ACCOUNT_LIMITS.codeExpiryMs)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!record) throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.codeIncorrect, field: 'code' }]);
  // Every try is counted before it is judged, in one statement: guesses sent
  // at the same moment cannot all read the same count and slip past the lock.
  const counted = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', record.id)
    .where('attempts', '<', ACCOUNT_LIMITS.codeMaxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return refuseSpentCode(context, record.id, record.email, now);
  // No await between this check and the count below: the address's lock holds for guesses sent together.
  refuseLockedAddress(context, record.email, now);
  if (String(record.code) !== code.trim()) {
    const isNowLocked = counted.attempts >= ACCOUNT_LIMITS.codeMaxAttempts;
    const addressWait = await countWrongCode(context, record.email, now);
    if (isNowLocked)
      throw new AppError('too_many_requests', [{ msg: SIGN_IN_MESSAGES.tooManyRequests, field: 'code' }]);
    if (addressWait > 0)
      throw new AppError('too_many_requests', [{ msg: LIMIT_MESSAGES.wrongCodesForEmail(addressWait), field: 'code' }]);
    throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.codeIncorrect, field: 'code' }]);
  }
  // Only the request that deletes the record applies the action (a double-submitted right code acts once).
  const deleted = await db.deleteFrom('verification_codes').where('id', '=', record.id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) {
    throw new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.codeIncorrect, field: 'code' }]);
  }
  forgetWrongCodes(context, record.email);
  return { email: record.email, campusId: record.campus_id };
}
