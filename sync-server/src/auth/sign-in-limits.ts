import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { clientKey } from '../http/client-address.ts';

/**
 * The password sign-in limits (decisions 007, 017), each keyed on the
 * trusted client address (http/client-address.ts):
 * - account + client: 5 failures lock that pair, the spec's message; the
 *   owner at another address is not affected;
 * - client across accounts: slows a password spray;
 * - account across clients: slows guessing one account from many addresses.
 * The last two are raised by strangers only: a browser that signed in to the
 * account before (known-device.ts) neither counts towards them nor is stopped.
 */
export function signInLimits(context: AppContext, c: Context, email: string) {
  const { limiters } = context;
  const now = context.now();
  const client = clientKey(c, context);
  const account = email.trim().toLowerCase();
  const pair = `${client}:${account}`;
  return {
    refuseLockedPair(): void {
      if (limiters.signIn.isBlocked(pair, now))
        throw new AppError('too_many_requests', SIGN_IN_MESSAGES.tooManyRequests);
    },
    refuseLockedStranger(): void {
      if (limiters.signInPerClient.isBlocked(client, now)) {
        const wait = limiters.signInPerClient.retryAfterMs(client, now);
        throw new AppError('too_many_requests', LIMIT_MESSAGES.signInsFromClient(wait));
      }
      if (limiters.signInPerAccount.isBlocked(account, now))
        throw new AppError('too_many_requests', SIGN_IN_MESSAGES.tooManyRequests);
    },
    countFailure(isKnownDevice: boolean): void {
      limiters.signIn.hit(pair, now);
      if (isKnownDevice) return;
      limiters.signInPerClient.hit(client, now);
      limiters.signInPerAccount.hit(account, now);
    },
    countSuccess(): void {
      limiters.signIn.reset(pair);
      limiters.signInPerAccount.reset(account);
    },
  };
}

/** spec 1 §8's lock message promises a password reset restores the account: at every address. */
export function clearSignInLocks(context: AppContext, email: string): void {
  const account = email.trim().toLowerCase();
  context.limiters.signIn.resetMatching((key) => key.endsWith(`:${account}`));
  context.limiters.signInPerAccount.reset(account);
}
