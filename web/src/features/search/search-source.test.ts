import { describe, expect, it } from 'vitest';
import { loadSearchPage } from './search-source.ts';

// A wrong price range is read with the server's own rule, before anything is sent, in its words.
describe('loadSearchPage', () => {
  it("answers the shared rule's message for a price range upside down", async () => {
    expect(
      await loadSearchPage({ q: 'bike', show: 'latest', page: 0, sort: 'newest', minPrice: 300, maxPrice: 20 }),
    ).toEqual({
      kind: 'invalid',
      message: 'The lowest price must not be above the highest.',
    });
  });
});
