/**
 * Fixed-window counters in memory: enough for one server process. The scale
 * path (DESIGN.md) moves them to Redis so several processes share them.
 */
export interface RateLimiter {
  /** Counts one attempt; false once `limit` attempts fell in the current window. */
  hit(key: string, now?: number): boolean;
  /** True while the key is over its limit, without counting. */
  isBlocked(key: string, now?: number): boolean;
  reset(key: string): void;
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
    reset(key) {
      windows.delete(key);
    },
  };
}

/** The limits of the accounts area (beyond the spec: issue 3). */
export interface AccountLimiters {
  /** Failed password sign-ins per address + e-mail: 5 in 15 minutes. */
  signIn: RateLimiter;
  /** Mails sent (codes, links, resets) per address + recipient: 5 in 15 minutes. */
  mail: RateLimiter;
  /** Code checks per user: 20 in 15 minutes, on top of the 5-wrong-tries lock per code. */
  codeCheck: RateLimiter;
}

export function createAccountLimiters(): AccountLimiters {
  const quarterHour = 15 * 60 * 1000;
  return {
    signIn: createRateLimiter(5, quarterHour),
    mail: createRateLimiter(5, quarterHour),
    codeCheck: createRateLimiter(20, quarterHour),
  };
}
