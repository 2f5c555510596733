/**
 * Failures per key that, every `failures`-th time, lock the key for a wait
 * that doubles with each lock (firstWaitMs, 2×, 4×, … up to longestWaitMs).
 * Failures older than the longest wait are forgotten, and so is the doubling a
 * day after the last lock ends. In memory, like the rate limiters.
 */
export interface GrowingLock {
  /** Milliseconds the key stays locked; 0 when it is open. */
  waitMs(key: string, now: number): number;
  /** Counts a failure; answers the wait it started, or 0 when it did not lock the key. */
  fail(key: string, now: number): number;
  /** Forgets the key (the address was proved). */
  reset(key: string): void;
}

interface Entry {
  failures: number;
  lastFailureAt: number;
  locks: number;
  lockedUntil: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createGrowingLock(options: { failures: number; firstWaitMs: number; longestWaitMs: number }) {
  const entries = new Map<string, Entry>();

  function isStale(entry: Entry, now: number): boolean {
    return now > Math.max(entry.lockedUntil, entry.lastFailureAt) + DAY_MS;
  }

  function entryFor(key: string, now: number): Entry {
    let entry = entries.get(key);
    if (entry && isStale(entry, now)) entry = undefined;
    if (!entry) {
      if (entries.size > 50_000) {
        for (const [staleKey, stale] of entries) if (isStale(stale, now)) entries.delete(staleKey);
      }
      entry = { failures: 0, lastFailureAt: now, locks: 0, lockedUntil: 0 };
      entries.set(key, entry);
    }
    if (now - entry.lastFailureAt > options.longestWaitMs) entry.failures = 0;
    return entry;
  }

  return {
    waitMs(key: string, now: number): number {
      const entry = entries.get(key);
      return entry ? Math.max(0, entry.lockedUntil - now) : 0;
    },
    fail(key: string, now: number): number {
      const entry = entryFor(key, now);
      entry.failures++;
      entry.lastFailureAt = now;
      if (entry.failures < options.failures) return 0;
      const wait = Math.min(options.firstWaitMs * 2 ** entry.locks, options.longestWaitMs);
      entry.failures = 0;
      entry.locks++;
      entry.lockedUntil = now + wait;
      return wait;
    },
    reset(key: string): void {
      entries.delete(key);
    },
  } satisfies GrowingLock;
}
