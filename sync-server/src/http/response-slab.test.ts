import { describe, expect, it } from 'vitest';
import { allocResponseBytes } from './response-slab.ts';

describe('allocResponseBytes', () => {
  it('hands out slices of the asked size that never overlap, so no answer overwrites another', () => {
    const slices = Array.from({ length: 40 }, (_, index) => {
      const bytes = allocResponseBytes(37_321);
      bytes.fill(index);
      return bytes;
    });
    for (const [index, bytes] of slices.entries()) {
      expect(bytes.length).toBe(37_321);
      expect(bytes.every((byte) => byte === index)).toBe(true);
    }
    // 40 slices of 37 KB span several 256 KB slabs.
    expect(new Set(slices.map((bytes) => bytes.buffer)).size).toBeGreaterThan(1);
  });

  it('starts every slice 8-byte aligned', () => {
    for (const size of [1, 7, 9, 1000, 37_321]) expect(allocResponseBytes(size).byteOffset % 8).toBe(0);
  });

  it('gives an answer larger than a quarter slab a buffer of its own', () => {
    const large = allocResponseBytes(100_000);
    expect(large.length).toBe(100_000);
    expect(large.buffer.byteLength).toBeGreaterThanOrEqual(100_000);
    expect(large.buffer.byteLength).toBeLessThan(256 * 1024);
  });
});
