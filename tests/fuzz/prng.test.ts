import { describe, expect, it } from 'vitest';
import { baseSeed, createRng } from './prng.ts';

describe('the seeded random source', () => {
  it('gives the same draws for the same seed and different ones for another', () => {
    const draws = (seed: number) => {
      const rng = createRng(seed);
      return [rng.next(), rng.int(1, 6), rng.uuid(), rng.fork().next()];
    };
    expect(draws(42)).toEqual(draws(42));
    expect(draws(42)).not.toEqual(draws(43));
  });

  it('keeps integers within their bounds and makes UUIDs the server accepts as mutation ids', () => {
    const rng = createRng(7);
    const rolls = Array.from({ length: 2000 }, () => rng.int(3, 5));
    expect(new Set(rolls)).toEqual(new Set([3, 4, 5]));
    for (let index = 0; index < 50; index++) {
      expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('takes FUZZ_SEED when it is set and refuses one that is not a whole number', () => {
    expect(baseSeed({ FUZZ_SEED: '1234' })).toBe(1234);
    expect(() => baseSeed({ FUZZ_SEED: 'abc' })).toThrow('FUZZ_SEED must be a whole number');
    expect(Number.isInteger(baseSeed({}))).toBe(true);
  });
});
