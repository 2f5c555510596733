/**
 * Prices are whole US dollars (spec 2 §5 "Price is shown as whole US
 * dollars"). One reader for what a student types — the composer, the edit
 * form and the server all use it (docs/decisions/022). A decimal is refused,
 * never multiplied: '45.99' was once read as $4,599.
 */
import { z } from './zod.ts';

export const PRICE_MESSAGES = {
  notWhole: 'Enter a whole-dollar price, like 45.',
  tooHigh: 'Enter a price up to $100,000.',
} as const;

/** Whole dollars; a cap keeps typos like 10000000 out of the feed. */
const PRICE_MAX = 100_000;
/** The field's length: '$100,000.00' and a little room. */
export const PRICE_INPUT_MAX = 14;

export type PriceReading = { isValid: true; dollars: number | null } | { isValid: false; message: string };

// '$', then digits with or without thousands commas, then an optional point with zeros only.
const TYPED_PRICE = /^\$?\s*(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

function inRange(dollars: number): PriceReading {
  if (!Number.isFinite(dollars) || !Number.isInteger(dollars) || dollars < 0) {
    return { isValid: false, message: PRICE_MESSAGES.notWhole };
  }
  if (dollars > PRICE_MAX) return { isValid: false, message: PRICE_MESSAGES.tooHigh };
  return { isValid: true, dollars };
}

/** '45', '$45', '45.00', '1,200', 'free' → dollars; '' → no price; '45.99' → refused with a message. */
export function parsePrice(input: string | number | null | undefined): PriceReading {
  if (input === null || input === undefined) return { isValid: true, dollars: null };
  if (typeof input === 'number') return inRange(input);
  const typed = input.trim();
  if (typed === '') return { isValid: true, dollars: null };
  if (typed.toLowerCase() === 'free') return { isValid: true, dollars: 0 };
  const match = TYPED_PRICE.exec(typed);
  const [, whole = '', cents = ''] = match ?? [];
  if (!match || /[1-9]/.test(cents)) return { isValid: false, message: PRICE_MESSAGES.notWhole };
  return inRange(Number(whole.replaceAll(',', '')));
}

/** The server's price field: a number or typed text, read by parsePrice; null clears it. */
export const priceSchema = z.unknown().transform((value, context): number | null => {
  const reading =
    typeof value === 'number' || typeof value === 'string' || value === null
      ? parsePrice(typeof value === 'string' ? value.slice(0, 100) : value)
      : ({ isValid: false, message: PRICE_MESSAGES.notWhole } as const);
  if (reading.isValid) return reading.dollars;
  context.addIssue({ code: 'custom', message: reading.message });
  return z.NEVER;
});
