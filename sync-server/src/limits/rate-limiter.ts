import type { Config } from '../config.ts';
import { createGrowingLock, type GrowingLock } from './growing-lock.ts';

/**
 * Fixed-window counters in memory: enough for one server process. The scale
 * path (DESIGN.md) moves them to Redis so several processes share them.
 */
export interface RateLimiter {
  /** Counts one attempt; false once `limit` attempts fell in the current window. */
  hit(key: string, now?: number): boolean;
  /** True while the key is over its limit, without counting. */
  isBlocked(key: string, now?: number): boolean;
  /** The attempts counted in the key's current window. */
  count(key: string, now?: number): number;
  reset(key: string): void;
  /** Forgets every key `matches` picks (a password reset clears an account's locks at every address). */
  resetMatching(matches: (key: string) => boolean): void;
  /** How long until the key's window ends. */
  retryAfterMs(key: string, now?: number): number;
}

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string, now: number) {
    const window = windows.get(key);
    if (window && now < window.resetAt) return window;
    if (windows.size > 50_000) {
      // Bound memory under a flood of distinct keys: drop the expired windows.
      for (const [staleKey, stale] of windows) if (now >= stale.resetAt) windows.delete(staleKey);
    }
    const fresh = { count: 0, resetAt: now + windowMs };
    windows.set(key, fresh);
    return fresh;
  }

  return {
    hit(key, now = Date.now()) {
      const window = current(key, now);
      window.count++;
      return window.count <= limit;
    },
    isBlocked(key, now = Date.now()) {
      return current(key, now).count >= limit;
    },
    count(key, now = Date.now()) {
      return current(key, now).count;
    },
    reset(key) {
      windows.delete(key);
    },
    resetMatching(matches) {
      for (const key of windows.keys()) if (matches(key)) windows.delete(key);
    },
    retryAfterMs(key, now = Date.now()) {
      return Math.max(0, current(key, now).resetAt - now);
    },
  };
}

/** The limits of the accounts area (beyond the spec: issues 3 and 18, decisions 007 and 017). */
export interface AccountLimiters {
  /** Failed password sign-ins per client address + e-mail: 5 in 15 minutes (the spec's lock message). */
  signIn: RateLimiter;
  /** Failed password sign-ins per e-mail from every address; the owner's known device is let through. */
  signInPerAccount: RateLimiter;
  /**
   * Failed password sign-ins per client address across accounts: every so many lock the address for
   * a wait that doubles (a spray slows down), during which only accounts not under attack get in.
   */
  signInPerClient: GrowingLock;
  /** Mails sent (codes, links, resets) per address/user + recipient: 5 in 15 minutes. */
  mail: RateLimiter;
  /** Mails a client address asks for, to anyone. */
  mailPerClient: RateLimiter;
  /** Mails one recipient gets, whoever asks: no flood of mail to a target. */
  mailPerRecipient: RateLimiter;
  /** New accounts per client address. */
  signUpPerClient: RateLimiter;
  /** Code checks per user: 20 in 15 minutes, on top of the 5-wrong-tries lock per code. */
  codeCheck: RateLimiter;
  /** Wrong codes per target e-mail across all accounts, with a growing wait. */
  wrongCodes: GrowingLock;
}

/** The limits' settings (config.ts, decision 017). */
export type AccountLimitSettings = Pick<
  Config,
  | 'signupsPerClientPerHour'
  | 'mailsPerClientPerHour'
  | 'mailsPerRecipientPerHour'
  | 'wrongCodesPerEmail'
  | 'loginFailuresPerClientPerHour'
  | 'loginFailuresPerAccountPerHour'
>;

export function createAccountLimiters(settings: AccountLimitSettings): AccountLimiters {
  const quarterHour = 15 * 60 * 1000;
  const hour = 60 * 60 * 1000;
  return {
    signIn: createRateLimiter(5, quarterHour),
    signInPerAccount: createRateLimiter(settings.loginFailuresPerAccountPerHour, hour),
    signInPerClient: createGrowingLock({
      failures: settings.loginFailuresPerClientPerHour,
      firstWaitMs: 60_000,
      longestWaitMs: hour,
    }),
    mail: createRateLimiter(5, quarterHour),
    mailPerClient: createRateLimiter(settings.mailsPerClientPerHour, hour),
    mailPerRecipient: createRateLimiter(settings.mailsPerRecipientPerHour, hour),
    signUpPerClient: createRateLimiter(settings.signupsPerClientPerHour, hour),
    codeCheck: createRateLimiter(20, quarterHour),
    wrongCodes: createGrowingLock({ failures: settings.wrongCodesPerEmail, firstWaitMs: 60_000, longestWaitMs: hour }),
  };
}
