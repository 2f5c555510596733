import { feedQuerySchema } from '@campus/shared/post-requests';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import type { FeedCache } from './feed-cache.ts';
import { feedPageBytes } from './feed-page.ts';
import { decodePageCursor } from './page-cursor.ts';

/** The campus feed. The single-post routes live in post-item.routes.ts, mounted after this one. */
export function postRoutes(db: Db, cache: FeedCache) {
  return new Hono<AppEnv>().get('/feed', async (c) => {
    c.header('Cache-Control', 'private, no-cache');
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
    return c.body(bytes, 200, { 'Content-Type': 'application/json' });
  });
}
