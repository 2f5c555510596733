import { feedQuerySchema } from '@campus/shared/post-requests';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { bytesResponse } from '../http/standard-response.ts';
import type { FeedCache } from './feed-cache.ts';
import { feedPageBytes } from './feed-page.ts';
import { decodePageCursor } from './page-cursor.ts';

/** A page of the feed is the viewer's own (isSaved): kept by her browser only, and asked again each time. */
const FEED_HEADERS = { 'content-type': 'application/json', 'cache-control': 'private, no-cache' };

/** The campus feed. The single-post routes live in post-item.routes.ts, mounted after this one. */
export function postRoutes(db: Db, cache: FeedCache) {
  return new Hono<AppEnv>().get('/feed', async (c) => {
    const campusId = c.get('campus').id;
    const key = `${campusId}|${c.req.query('limit') ?? ''}|${c.req.query('cursor') ?? ''}`;
    const bytes = await feedPageBytes(db, cache, {
      key,
      campusId,
      viewerId: c.get('viewer')?.id ?? null,
      parse() {
        const parsed = feedQuerySchema.safeParse(c.req.query());
        if (!parsed.success) {
          throw new AppError(
            'bad_request',
            parsed.error.issues.map((issue) => ({ msg: issue.message, field: issue.path.join('.') })),
          );
        }
        const { cursor, limit } = parsed.data;
        return { limit, after: cursor ? decodePageCursor(cursor, 'feed') : null };
      },
    });
    return bytesResponse(c, bytes, FEED_HEADERS);
  });
}
