import { POST_CATEGORIES, type PostCategory } from '@campus/shared/post-rules';
import { SEARCH_SHOWS, SEARCH_SORTS, type SearchSort } from '@campus/shared/search-api';
import type { searchQuerySchema } from '@campus/shared/search-requests';
import type { z } from '@campus/shared/zod';

/** What GET /api/search reads (and the device search will read): the server's own schema's output. */
export type SearchQuery = z.output<typeof searchQuerySchema>;
export type SearchShow = (typeof SEARCH_SHOWS)[number];

/** The filters students expect beyond the spec (issue 22): they apply to Latest and Media. */
export interface SearchFilters {
  category: PostCategory | null;
  /** Whole dollars (decision 022); null when not set. */
  minPrice: number | null;
  maxPrice: number | null;
  isAvailableOnly: boolean;
  sort: SearchSort;
}

/** Everything the /search page shows, read from its address so a search can be shared and reloaded. */
export interface SearchUrlState {
  q: string;
  show: SearchShow;
  filters: SearchFilters;
}

export const NO_FILTERS: SearchFilters = {
  category: null,
  minPrice: null,
  maxPrice: null,
  isAvailableOnly: false,
  sort: 'newest',
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** A whole-dollar price as typed in an address; anything else is no price (the field shows empty). */
function wholeDollarsOf(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * Reads /search?q=&show=&category=&minPrice=&maxPrice=&available=true&sort=
 * leniently: a value the page does not know (an old link, a hand-edited
 * address) reads as unset instead of breaking the page.
 */
export function readSearchUrl(params: URLSearchParams): SearchUrlState {
  return {
    q: (params.get('q') ?? '').trim(),
    show: oneOf(SEARCH_SHOWS, params.get('show')) ?? 'latest',
    filters: {
      category: oneOf(POST_CATEGORIES, params.get('category')),
      minPrice: wholeDollarsOf(params.get('minPrice')),
      maxPrice: wholeDollarsOf(params.get('maxPrice')),
      isAvailableOnly: params.get('available') === 'true',
      sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? 'newest',
    },
  };
}

/** The address of a search; defaults are left out, so a plain search reads /search?q=bike. */
export function searchUrlOf({ q, show, filters }: SearchUrlState): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (show !== 'latest') params.set('show', show);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.isAvailableOnly) params.set('available', 'true');
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}

/** The request for one page of a search: People takes no filters (decision 035). */
export function searchQueryOf({ q, show, filters }: SearchUrlState, page: number): SearchQuery {
  if (show === 'people') return { q, show, page, sort: 'newest' };
  return {
    q,
    show,
    page,
    sort: filters.sort,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.minPrice === null ? {} : { minPrice: filters.minPrice }),
    ...(filters.maxPrice === null ? {} : { maxPrice: filters.maxPrice }),
    ...(filters.isAvailableOnly ? { available: 'true' as const } : {}),
  };
}

/** The query string GET /api/search reads for `query`. */
export function searchApiParamsOf(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams({ q: query.q, show: query.show, page: String(query.page), sort: query.sort });
  if (query.category) params.set('category', query.category);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.available) params.set('available', query.available);
  return params;
}

/** How many filters differ from the defaults: the phone's 'Filters' button shows the count. */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    Number(filters.category !== null) +
    Number(filters.minPrice !== null || filters.maxPrice !== null) +
    Number(filters.isAvailableOnly) +
    Number(filters.sort !== 'newest')
  );
}
