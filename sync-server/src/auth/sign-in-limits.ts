import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { clientKey } from '../http/client-address.ts';

/**
 * An account with this many failed sign-ins from strangers in the hour is under attack: at an
 * address that is waiting, its right password waits too (a spray gets this many guesses an hour).
 */
const UNDER_ATTACK_FAILURES = 3;

/**
 * The password sign-in limits (decisions 007, 017), each keyed on the
 * trusted client address (http/client-address.ts):
 * - account + client: 5 failures lock that pair, the spec's message; the
 *   owner at another address is not affected;
 * - client across accounts: every so many failures make the address wait,
 *   longer each time (a spray slows down); meanwhile a right password for an
 *   account not under attack still gets in (a dorm is one NAT address);
 * - account across clients: locks the account for strangers; the owner's
 *   known device and an e-mailed sign-in link still get in, as its message says.
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
      if (limiters.signInPerAccount.isBlocked(account, now))
        throw new AppError('too_many_requests', SIGN_IN_MESSAGES.lockedForStrangers);
      const wait = limiters.signInPerClient.waitMs(client, now);
      if (wait > 0 && limiters.signInPerAccount.count(account, now) >= UNDER_ATTACK_FAILURES)
        throw new AppError('too_many_requests', LIMIT_MESSAGES.signInsFromClient(wait));
    },
    countFailure(isKnownDevice: boolean): void {
      limiters.signIn.hit(pair, now);
      if (isKnownDevice) return;
      limiters.signInPerClient.fail(client, now);
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
