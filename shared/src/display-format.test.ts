import { describe, expect, it } from 'vitest';
import { formatPrice } from './display-format.ts';

// spec 2 §5 "Price is shown as whole US dollars"; issue 19 checked every money display.
describe('formatPrice', () => {
  it('shows whole dollars with thousands commas, and 0 as Free', () => {
    expect(formatPrice(1200)).toBe('$1,200');
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(100_000)).toBe('$100,000');
    expect(formatPrice(0)).toBe('Free');
  });
});
