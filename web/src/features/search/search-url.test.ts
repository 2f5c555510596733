import { searchQuerySchema } from '@campus/shared/search-requests';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  NO_FILTERS,
  readSearchUrl,
  searchApiParamsOf,
  searchQueryOf,
  searchUrlOf,
} from './search-url.ts';

function read(query: string) {
  return readSearchUrl(new URLSearchParams(query));
}

// decision 037: every part of a search is in its address, so it can be shared, reloaded and walked back.
describe('the /search address', () => {
  it('reads q, the tab and every filter', () => {
    expect(
      read('q=+bike+&show=media&category=sports+%26+outdoors&minPrice=20&maxPrice=300&available=true&sort=price-asc'),
    ).toEqual({
      q: 'bike',
      show: 'media',
      filters: {
        category: 'sports & outdoors',
        minPrice: 20,
        maxPrice: 300,
        isAvailableOnly: true,
        sort: 'price-asc',
      },
    });
  });

  it('reads a bare /search as no query on Latest with no filters', () => {
    expect(read('')).toEqual({ q: '', show: 'latest', filters: NO_FILTERS });
  });

  it('reads what it does not know as unset instead of failing', () => {
    expect(read('q=lamp&show=videos&category=boats&minPrice=-5&maxPrice=12.5&available=yes&sort=oldest')).toEqual({
      q: 'lamp',
      show: 'latest',
      filters: NO_FILTERS,
    });
  });

  it('writes defaults out, so a plain search reads /search?q=bike', () => {
    expect(searchUrlOf({ q: 'bike', show: 'latest', filters: NO_FILTERS })).toBe('/search?q=bike');
    expect(searchUrlOf({ q: '', show: 'latest', filters: NO_FILTERS })).toBe('/search');
  });

  it('round-trips every tab and filter through the address', () => {
    const state = {
      q: 'desk lamp & chair',
      show: 'people' as const,
      filters: {
        category: 'furniture' as const,
        minPrice: 0,
        maxPrice: 45,
        isAvailableOnly: true,
        sort: 'price-desc' as const,
      },
    };
    const url = searchUrlOf(state);
    expect(url).toBe(
      '/search?q=desk+lamp+%26+chair&show=people&category=furniture&minPrice=0&maxPrice=45&available=true&sort=price-desc',
    );
    expect(read(url.slice('/search?'.length))).toEqual(state);
  });
});

describe('the request of one page', () => {
  const filtered = read('q=bike&maxPrice=300&available=true&sort=price-asc&category=sports+%26+outdoors');

  it('carries the filters on the post tabs, in what the server reads', () => {
    const query = searchQueryOf(filtered, 2);
    expect(query).toEqual({
      q: 'bike',
      show: 'latest',
      page: 2,
      sort: 'price-asc',
      category: 'sports & outdoors',
      maxPrice: 300,
      available: 'true',
    });
    const parsed = searchQueryOf({ ...filtered, show: 'media' }, 0);
    expect(searchQuerySchema.parse(Object.fromEntries(searchApiParamsOf(parsed)))).toEqual(parsed);
  });

  it('leaves the filters out on People, which takes none', () => {
    expect(searchQueryOf({ ...filtered, show: 'people' }, 1)).toEqual({
      q: 'bike',
      show: 'people',
      page: 1,
      sort: 'newest',
    });
  });

  it('counts the filters that differ from the defaults (a price range counts once)', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount(filtered.filters)).toBe(4);
    expect(activeFilterCount({ ...NO_FILTERS, minPrice: 5, maxPrice: 10 })).toBe(1);
  });
});
