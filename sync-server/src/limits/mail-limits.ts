import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import type { Context } from 'hono';
import { AppError } from '../http/app-error.ts';
import { clientKey } from '../http/client-address.ts';
import type { AccountLimiters } from './rate-limiter.ts';

/** What the caps read from the app's context (AppContext has these): limits sit below the features. */
interface LimitsContext {
  limiters: AccountLimiters;
  now: () => number;
  config: { trustProxyHops: number };
}

/**
 * Caps on mail that no number of accounts gets around (issue 18): per
 * recipient, whoever asks (no flood of codes or links to one inbox), and per
 * client address, to whomever. Codes, sign-in links and resets share them.
 * Both are checked before either counts, so a refused mail uses up nothing.
 */
export function refuseMailOverCap(context: LimitsContext, c: Context, recipient: string): void {
  const { limiters } = context;
  const now = context.now();
  const to = recipient.trim().toLowerCase();
  const client = clientKey(c, context);
  if (limiters.mailPerRecipient.isBlocked(to, now)) {
    throw new AppError(
      'too_many_requests',
      LIMIT_MESSAGES.mailsToEmail(limiters.mailPerRecipient.retryAfterMs(to, now)),
    );
  }
  if (limiters.mailPerClient.isBlocked(client, now)) {
    throw new AppError(
      'too_many_requests',
      LIMIT_MESSAGES.mailsFromClient(limiters.mailPerClient.retryAfterMs(client, now)),
    );
  }
  limiters.mailPerRecipient.hit(to, now);
  limiters.mailPerClient.hit(client, now);
}

/** For the code mailed at sign-up: the account is made either way; over a cap the mail waits for a resend. */
export function isMailWithinCap(context: LimitsContext, c: Context, recipient: string): boolean {
  try {
    refuseMailOverCap(context, c, recipient);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'too_many_requests') return false;
    throw error;
  }
}

/** New accounts per client address; counted before the slow password hash, so parallel sign-ups cannot slip past. */
export function refuseSignUpOverCap(context: LimitsContext, c: Context): void {
  const { limiters } = context;
  const now = context.now();
  const client = clientKey(c, context);
  if (!limiters.signUpPerClient.hit(client, now)) {
    throw new AppError(
      'too_many_requests',
      LIMIT_MESSAGES.signUpsFromClient(limiters.signUpPerClient.retryAfterMs(client, now)),
    );
  }
}
