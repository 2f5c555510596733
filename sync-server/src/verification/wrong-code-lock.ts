import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import { ACCOUNT_LIMITS, SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';

/** A code voided by the address's lock, told apart from one its own student used up (which keeps §8's message). */
const VOIDED_ATTEMPTS = ACCOUNT_LIMITS.codeMaxAttempts + 1;

/** The lock's key: the address as mail delivers it, whatever case the student typed. */
function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Wrong codes are counted per target e-mail address, across every account
 * that asked for a code to it (issue 18): accounts are free, the address is
 * what is being proved. After WRONG_CODES_PER_EMAIL wrong codes every
 * outstanding code for the address is void and a wait applies (1 minute,
 * doubling to 1 hour), so many accounts guess no faster than one student can.
 */
export function refuseLockedAddress(context: AppContext, email: string, now = context.now()): void {
  const wait = context.limiters.wrongCodes.waitMs(addressKey(email), now);
  if (wait > 0)
    throw new AppError('too_many_requests', [{ msg: LIMIT_MESSAGES.wrongCodesForEmail(wait), field: 'code' }]);
}

/**
 * Counts a wrong code for `email` and answers the wait it started (0 when the
 * address is still open). Synchronous up to the lock, so guesses arriving
 * together cannot all be judged before it; the voiding follows.
 */
export async function countWrongCode(context: AppContext, email: string, now: number): Promise<number> {
  const address = addressKey(email);
  const wait = context.limiters.wrongCodes.fail(address, now);
  if (wait > 0) {
    await context.db
      .updateTable('verification_codes')
      .set({ attempts: VOIDED_ATTEMPTS })
      .where('email', '=', address)
      // A code its own student used up keeps §8's message.
      .where('attempts', '<', ACCOUNT_LIMITS.codeMaxAttempts)
      .execute();
  }
  return wait;
}

/** The address was proved: its count and growing wait start again. */
export function forgetWrongCodes(context: AppContext, email: string): void {
  context.limiters.wrongCodes.reset(addressKey(email));
}

/** Refuses a code that can no longer be tried: the address's message when its lock voided it, else §8's. */
export async function refuseSpentCode(context: AppContext, codeId: string, email: string, now: number): Promise<never> {
  const wait = context.limiters.wrongCodes.waitMs(addressKey(email), now);
  const spent = await context.db
    .selectFrom('verification_codes')
    .select('attempts')
    .where('id', '=', codeId)
    .executeTakeFirst();
  if (wait > 0 && (spent?.attempts ?? 0) >= VOIDED_ATTEMPTS)
    throw new AppError('too_many_requests', [{ msg: LIMIT_MESSAGES.wrongCodesForEmail(wait), field: 'code' }]);
  throw new AppError('too_many_requests', [{ msg: SIGN_IN_MESSAGES.tooManyRequests, field: 'code' }]);
}
