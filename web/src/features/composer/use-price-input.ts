import { type PriceReading, parsePrice } from '@campus/shared/price';
import { useState } from 'react';

/**
 * Reads the typed price with the shared parser. Its message shows once the
 * student leaves the field or tries to post, then follows every keystroke.
 */
export function usePriceInput(value: string): { reading: PriceReading; error: string | null; reveal: () => void } {
  const [isRevealed, setIsRevealed] = useState(false);
  const reading = parsePrice(value);
  return {
    reading,
    error: isRevealed && !reading.isValid ? reading.message : null,
    reveal: () => setIsRevealed(true),
  };
}
