import { MEDIA_PAGE_SIZE } from '@campus/shared/about-api';
import type { FeedPageDto } from '@campus/shared/post-api';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireCampusReader } from '../campus/private-campus.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { decodePageCursor, nextCursorOf } from '../posts/page-cursor.ts';
import { toPostDtos } from '../posts/posts.mapper.ts';
import { findMediaPage } from './media.repository.ts';

/** Long enough for any cursor this server issues; longer is not worth decoding. */
const MAX_CURSOR_LENGTH = 500;

/**
 * GET /api/posts/media: the Photos tab and the 'More posts' grid of a media
 * detail (spec 2 §2, §7), behind the private-campus gate (docs/decisions/012).
 * Mount before the /posts/:id item routes, or they would take 'media' for a post id.
 */
export function mediaRoutes({ db }: AppContext) {
  return new Hono<AppEnv>().get('/media', async (c) => {
    // The gate first: a refused reader learns nothing, not even whether a cursor parses.
    requireCampusReader(c);
    const cursor = c.req.query('cursor');
    if (cursor !== undefined && cursor.length > MAX_CURSOR_LENGTH) {
      throw new AppError('bad_request', [{ msg: 'The media cursor is not valid.', field: 'cursor' }]);
    }
    const { posts, media } = await findMediaPage(
      db,
      c.get('campus').id,
      MEDIA_PAGE_SIZE,
      cursor ? decodePageCursor(cursor, 'media') : null,
      c.get('viewer')?.id ?? null,
    );
    const body: FeedPageDto = {
      posts: toPostDtos(posts, media),
      nextCursor: nextCursorOf(posts, MEDIA_PAGE_SIZE, (post) => ({ at: post.last_modified, id: post.id })),
    };
    c.header('Cache-Control', 'private, no-cache');
    return c.json(body);
  });
}
