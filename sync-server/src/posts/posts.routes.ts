import type { FeedPageDto } from '@campus/shared/post-api';
import { feedQuerySchema } from '@campus/shared/post-requests';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import type { FeedCache } from './feed-cache.ts';
import { decodePageCursor, nextCursorOf } from './page-cursor.ts';
import { toPostDtos } from './posts.mapper.ts';
import { findFeedPage } from './posts.repository.ts';

/** The campus feed. The single-post routes live in post-item.routes.ts, mounted after this one. */
export function postRoutes(db: Db, cache: FeedCache) {
  return new Hono<AppEnv>().get('/feed', async (c) => {
    const viewerId = c.get('viewer')?.id ?? null;
    const cacheKey = viewerId
      ? null
      : `${c.get('campus').id}|${c.req.query('limit') ?? ''}|${c.req.query('cursor') ?? ''}`;
    c.header('Cache-Control', 'private, no-cache');
    const cached = cacheKey ? cache.get(cacheKey) : undefined;
    if (cached !== undefined) return c.body(cached, 200, { 'Content-Type': 'application/json' });
    const parsed = feedQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      throw new AppError(
        'bad_request',
        parsed.error.issues.map((issue) => ({ msg: issue.message, field: issue.path.join('.') })),
      );
    }
    const { cursor, limit } = parsed.data;
    const { posts, media } = await findFeedPage(
      db,
      c.get('campus').id,
      limit,
      cursor ? decodePageCursor(cursor, 'feed') : null,
      viewerId,
    );
    const body: FeedPageDto = {
      posts: toPostDtos(posts, media),
      nextCursor: nextCursorOf(posts, limit, (post) => ({ at: post.last_modified, id: post.id })),
    };
    const json = JSON.stringify(body);
    if (cacheKey) cache.set(cacheKey, json);
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  });
}
