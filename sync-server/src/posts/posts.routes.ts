import { FEED_FIRST_PAGE_SIZE, type FeedPageDto, type MediaDto } from '@campus/shared/post-api';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor.ts';
import { toMediaDto, toPostDto } from './posts.mapper.ts';
import { findFeedPage } from './posts.repository.ts';

const feedQuerySchema = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_FIRST_PAGE_SIZE).default(FEED_FIRST_PAGE_SIZE),
});

export function postRoutes(db: Db) {
  return new Hono<AppEnv>().get('/feed', async (c) => {
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
      cursor ? decodeFeedCursor(cursor) : null,
    );
    const mediaByPost = new Map<string, MediaDto[]>();
    for (const row of media) {
      const list = mediaByPost.get(row.post_id) ?? [];
      list.push(toMediaDto(row));
      mediaByPost.set(row.post_id, list);
    }
    const last = posts.at(-1);
    const body: FeedPageDto = {
      posts: posts.map((post) => toPostDto(post, mediaByPost.get(post.id) ?? [])),
      nextCursor:
        last && posts.length === limit ? encodeFeedCursor({ lastModified: last.last_modified, id: last.id }) : null,
    };
    c.header('Cache-Control', 'private, no-cache');
    return c.json(body);
  });
}
