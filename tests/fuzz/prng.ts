import { seededRandom } from '@campus/sync-server/test/seeded-random';

/**
 * A small seeded random source (mulberry32) for the fault-injection suite:
 * one seed decides every mutation, fault and delay a round makes, so a
 * failing round can be pinned with FUZZ_SEED and run again.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A version-4 UUID made from this stream (mutation ids must be UUIDs). */
  uuid(): string;
  /** A new stream derived from this one, so a helper's draws do not shift the caller's. */
  fork(): Rng;
}

export function createRng(seed: number): Rng {
  const next = seededRandom(seed);
  const rng: Rng = {
    next,
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    chance(p) {
      return next() < p;
    },
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    uuid() {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = (8 + Math.floor(next() * 4)).toString(16);
      const text = hex.join('');
      return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
    },
    fork() {
      return createRng(Math.floor(next() * 2 ** 32));
    },
  };
  return rng;
}

/** FUZZ_SEED pins the first round's seed; otherwise a fresh one per run. */
export function baseSeed(env: NodeJS.ProcessEnv = process.env): number {
  const pinned = env.FUZZ_SEED;
  if (pinned !== undefined && pinned !== '') {
    const seed = Number(pinned);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`FUZZ_SEED must be a whole number, not ${pinned}`);
    return seed >>> 0;
  }
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
