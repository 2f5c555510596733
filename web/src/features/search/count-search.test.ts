import { describe, expect, it } from 'vitest';
import { isNewSearch } from './count-search.ts';

// issue 22: a search counts into popular searches once when the page opens with it, never per keystroke or filter.
describe('isNewSearch', () => {
  it('is true once per search, folded as the server folds it', () => {
    const seen = new Set<string>();
    expect(isNewSearch(seen, 'Mini  Fridge')).toBe(true);
    expect(isNewSearch(seen, ' mini fridge ')).toBe(false);
    expect(isNewSearch(seen, 'MINI FRIDGE')).toBe(false);
    expect(isNewSearch(seen, 'bike')).toBe(true);
  });

  it('never counts an empty search', () => {
    expect(isNewSearch(new Set(), '   ')).toBe(false);
  });
});
