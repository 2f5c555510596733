import { describe, expect, it } from 'vitest';
import { PRICE_MESSAGES, parsePrice, priceSchema } from './price.ts';

describe('parsePrice: what students type becomes whole dollars', () => {
  it.each([
    ['45', 45],
    ['$45', 45],
    ['$ 45', 45],
    ['45.00', 45],
    ['45.0', 45],
    ['45.', 45],
    ['1,200', 1200],
    ['$1,200.00', 1200],
    ['100,000', 100_000],
    ['  30  ', 30],
    ['0', 0],
    ['Free', 0],
    ['045', 45],
  ])('%j → %d', (typed, dollars) => {
    expect(parsePrice(typed)).toEqual({ isValid: true, dollars });
  });

  it('an empty field is no price', () => {
    expect(parsePrice('')).toEqual({ isValid: true, dollars: null });
    expect(parsePrice('   ')).toEqual({ isValid: true, dollars: null });
    expect(parsePrice(null)).toEqual({ isValid: true, dollars: null });
  });

  it('never multiplies a decimal: 45.99 is refused, not $4,599', () => {
    expect(parsePrice('45.99')).toEqual({ isValid: false, message: 'Enter a whole-dollar price, like 45.' });
    expect(parsePrice(45.99)).toEqual({ isValid: false, message: PRICE_MESSAGES.notWhole });
  });

  it.each(['45.5', '.50', '1,2', '12,00', '1,2000', '1.200', '-5', '45 dollars', 'abc', '$', '4 5', '1e3', '0x10'])(
    'refuses %j with the whole-dollar message',
    (typed) => {
      expect(parsePrice(typed)).toEqual({ isValid: false, message: PRICE_MESSAGES.notWhole });
    },
  );

  it('refuses prices over the cap with their own message', () => {
    expect(parsePrice('100,001')).toEqual({ isValid: false, message: 'Enter a price up to $100,000.' });
    expect(parsePrice(1e9)).toEqual({ isValid: false, message: PRICE_MESSAGES.tooHigh });
    expect(parsePrice('9'.repeat(40))).toEqual({ isValid: false, message: PRICE_MESSAGES.tooHigh });
  });

  it('takes numbers as the API sends them', () => {
    expect(parsePrice(45)).toEqual({ isValid: true, dollars: 45 });
    expect(parsePrice(-1)).toEqual({ isValid: false, message: PRICE_MESSAGES.notWhole });
    expect(parsePrice(Number.NaN)).toEqual({ isValid: false, message: PRICE_MESSAGES.notWhole });
    expect(parsePrice(Number.POSITIVE_INFINITY)).toEqual({ isValid: false, message: PRICE_MESSAGES.notWhole });
  });
});

describe('priceSchema: the server reads with the same parser', () => {
  it('turns numbers and typed text into whole dollars, and null stays null', () => {
    expect(priceSchema.parse(45)).toBe(45);
    expect(priceSchema.parse('1,200')).toBe(1200);
    expect(priceSchema.parse('$45.00')).toBe(45);
    expect(priceSchema.parse(null)).toBeNull();
    expect(priceSchema.parse('')).toBeNull();
  });

  it('refuses with the parser’s message', () => {
    for (const [value, message] of [
      [45.99, PRICE_MESSAGES.notWhole],
      ['45.99', PRICE_MESSAGES.notWhole],
      [true, PRICE_MESSAGES.notWhole],
      [{}, PRICE_MESSAGES.notWhole],
      [100_001, PRICE_MESSAGES.tooHigh],
    ] as const) {
      const result = priceSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
    }
  });
});
