import { describe, expect, it } from 'vitest';
import { formatAge, formatCount, formatPrice } from './display-format.ts';

// spec 2 §5 "Price is shown as whole US dollars"; issue 19 checked every money display.
describe('formatPrice', () => {
  it('shows whole dollars with thousands commas, and 0 as Free', () => {
    expect(formatPrice(1200)).toBe('$1,200');
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(100_000)).toBe('$100,000');
    expect(formatPrice(1_234_567)).toBe('$1,234,567');
    expect(formatPrice(999.6)).toBe('$1,000');
    expect(formatPrice(0)).toBe('Free');
  });

  it('writes what en-US number formatting wrote, for every order of magnitude', () => {
    for (let dollars = 1; dollars < 10_000_000_000; dollars = dollars * 7 + 3) {
      expect(formatPrice(dollars)).toBe(`$${dollars.toLocaleString('en-US')}`);
    }
  });
});

describe('formatCount', () => {
  it('writes a member count as en-US number formatting wrote it', () => {
    for (const count of [0, 1, 999, 1000, 12_345, 1_000_000])
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('counts minutes, hours and days for the last week', () => {
    expect(formatAge('2026-11-28T11:59:30Z', now)).toBe('now');
    expect(formatAge('2026-11-28T11:55:00Z', now)).toBe('5m');
    expect(formatAge('2026-11-28T09:00:00Z', now)).toBe('3h');
    expect(formatAge('2026-11-26T12:00:00Z', now)).toBe('2d');
  });

  it('writes an older post as its month and day, as en-US date formatting wrote it', () => {
    for (const iso of ['2026-11-03T15:00:00Z', '2026-01-31T08:00:00Z', '2025-12-25T20:00:00Z']) {
      expect(formatAge(iso, now)).toBe(new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' }));
    }
  });
});
