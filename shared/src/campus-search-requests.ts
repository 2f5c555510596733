import { CAMPUS_SEARCH_MAX_CHARS, SCHOOL_FINDER_MESSAGES } from './campus-search-api.ts';
import { z } from './zod.ts';

/** GET /api/campuses/search?q=: the query as a string; empty asks for nothing (decision 036). */
export const campusSearchQuerySchema = z.object({
  q: z.string().max(CAMPUS_SEARCH_MAX_CHARS, SCHOOL_FINDER_MESSAGES.queryTooLong).default(''),
});
