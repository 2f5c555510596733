import { searchCampuses, toCampusSearchHit } from '@campus/shared/campus-search';
import {
  CAMPUS_SEARCH_LIMIT,
  type CampusSearchDto,
  type CampusSearchHitDto,
  SCHOOL_FINDER_MESSAGES,
} from '@campus/shared/campus-search-api';
import { campusSearchQuerySchema } from '@campus/shared/campus-search-requests';
import { CAMPUSES } from '@campus/shared/campuses';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import { clientKey } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';

/** Searches per client address per minute: as-you-type with a debounce stays far below (decision 036). */
const SEARCHES_PER_MINUTE = 120;

/**
 * The school finder's reads (spec 2 §2 "School finder"), mounted at /api/campuses: the public
 * catalogue, the same answer on every site and for everyone, so no viewer and no campus scoping;
 * a per-address limit keeps it from being a free CPU for scripts.
 */
export function campusSearchRoutes(context: Pick<AppContext, 'config'>) {
  const limiter = createRateLimiter(SEARCHES_PER_MINUTE, 60_000);
  /** Counts the request against its client address; past the limit a 429 with Retry-After. */
  function limitSearches(c: Context<AppEnv>): void {
    const key = clientKey(c, context);
    if (limiter.hit(key)) return;
    c.header('Retry-After', String(Math.ceil(limiter.retryAfterMs(key) / 1000)));
    throw new AppError('too_many_requests', SCHOOL_FINDER_MESSAGES.tooManySearches);
  }
  return new Hono<AppEnv>()
    .get('/search', (c) => {
      limitSearches(c);
      const parsed = campusSearchQuerySchema.safeParse(c.req.query());
      if (!parsed.success) {
        throw new AppError(
          'bad_request',
          parsed.error.issues.map((issue) => ({ msg: issue.message, field: issue.path.join('.') })),
        );
      }
      const body: CampusSearchDto = {
        campuses: searchCampuses(CAMPUSES, parsed.data.q, CAMPUS_SEARCH_LIMIT).map(toCampusSearchHit),
      };
      // The catalogue changes only with a deploy: a shared minute of caching is safe.
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(body);
    })
    .get('/:campusId', (c) => {
      limitSearches(c);
      const campus = CAMPUSES.find((candidate) => candidate.id === c.req.param('campusId') && !candidate.isGeneric);
      if (!campus) throw new AppError('not_found', SCHOOL_FINDER_MESSAGES.schoolNotFound);
      const body: CampusSearchHitDto = toCampusSearchHit(campus);
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(body);
    });
}
