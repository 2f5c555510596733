/**
 * The search requests (spec 2 §2, §7; issue 22): the query strings of
 * GET /api/search and /api/search/suggest, and the body of the explicit
 * search that counts into popular searches. One schema each, read by the
 * server and typing the web's calls (decision 031); routes in decision 035.
 */
import { POST_CATEGORIES } from './post-rules.ts';
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX, SEARCH_SHOWS, SEARCH_SORTS } from './search-api.ts';
import { z } from './zod.ts';

const INVALID_SEARCH = 'The search is not valid.';
/** Whole dollars (decision 022), as the composer's price cap allows. */
const PRICE_FILTER_MAX = 100_000;

const queryText = z.string({ error: INVALID_SEARCH }).max(SEARCH_QUERY_MAX * 4, INVALID_SEARCH);
const wholeDollars = z.coerce
  .number({ error: INVALID_SEARCH })
  .int(INVALID_SEARCH)
  .min(0, INVALID_SEARCH)
  .max(PRICE_FILTER_MAX, INVALID_SEARCH);

/**
 * GET /api/search?q=&show=&page=&category=&minPrice=&maxPrice=&available=&sort=
 * (strings, as a URL carries them, so a search can be shared and reloaded).
 * The filters apply to the post tabs; People ignores them.
 */
export const searchQuerySchema = z
  .object({
    q: queryText.default(''),
    show: z.enum(SEARCH_SHOWS, { error: INVALID_SEARCH }).default('latest'),
    page: z.coerce
      .number({ error: INVALID_SEARCH })
      .int(INVALID_SEARCH)
      .min(0, INVALID_SEARCH)
      .max(SEARCH_PAGE_MAX, INVALID_SEARCH)
      .default(0),
    category: z.enum(POST_CATEGORIES, { error: INVALID_SEARCH }).optional(),
    minPrice: wholeDollars.optional(),
    maxPrice: wholeDollars.optional(),
    /** 'available only': hides posts marked sold. */
    available: z.enum(['true', 'false'], { error: INVALID_SEARCH }).optional(),
    sort: z.enum(SEARCH_SORTS, { error: INVALID_SEARCH }).default('newest'),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'The lowest price must not be above the highest.',
    path: ['minPrice'],
  });

export type SearchQuery = z.output<typeof searchQuerySchema>;

/** GET /api/search/suggest?q=: the header box as the student types. */
export const searchSuggestQuerySchema = z.object({ q: queryText.default('') });

/**
 * POST /api/search/popular { q }: an explicit search (Enter, a suggestion or a
 * popular search picked), never a keystroke, counts once into popular searches.
 */
export const countSearchRequestSchema = z.object({
  q: z.string({ error: INVALID_SEARCH }).trim().min(1, INVALID_SEARCH).max(SEARCH_QUERY_MAX, INVALID_SEARCH),
});
export type CountSearchRequest = z.infer<typeof countSearchRequestSchema>;
