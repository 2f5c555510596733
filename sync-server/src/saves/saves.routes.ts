import {
  LIKERS_PAGE_SIZE,
  type LikersPageDto,
  SAVED_PAGE_SIZE,
  type SavedPageDto,
  type SaveStateDto,
} from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { type Context, Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireMember } from '../campus/member-gate.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { nextCursorOf, readCursorParameter } from '../posts/page-cursor.ts';
import { requirePostCard } from '../posts/post-lookup.ts';
import { toPostDtos } from '../posts/posts.mapper.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import { findLikers, findSavedPage, setSaved } from './saves.repository.ts';

/** Save (the spec's like) and the lists built on it: /saved and /post/{id}/likes (spec 2 §2, §4). Mounted at /api. */
export function saveRoutes(context: AppContext) {
  const { db } = context;

  async function toggle(c: Context<AppEnv>, postId: string, isSaved: boolean) {
    const viewer = requireMember(c, 'other');
    const post = await requirePostCard(db, c.get('campus').id, postId, viewer.id);
    // Only top-level posts are saved: /saved lists posts, not comments.
    if (post.parent_id !== null) throw new AppError('not_found', POST_MESSAGES.postMissing);
    const body: SaveStateDto = { isSaved, saveCount: await setSaved(db, post.id, viewer.id, isSaved) };
    return c.json(body);
  }

  return new Hono<AppEnv>()
    .put('/posts/:id/save', (c) => toggle(c, c.req.param('id'), true))
    .delete('/posts/:id/save', (c) => toggle(c, c.req.param('id'), false))
    .get('/posts/:id/likes', async (c) => {
      const viewerId = c.get('viewer')?.id ?? null;
      const post = await requirePostCard(db, c.get('campus').id, c.req.param('id'), viewerId);
      const rows = await findLikers(
        db,
        post.id,
        viewerId,
        LIKERS_PAGE_SIZE,
        readCursorParameter(c.req.query('cursor')),
      );
      const body: LikersPageDto = {
        users: rows.map(toAuthorDto),
        nextCursor: nextCursorOf(rows, LIKERS_PAGE_SIZE, (row) => ({ at: row.saved_at, id: row.id })),
      };
      return c.json(body);
    })
    .get('/saved', async (c) => {
      const viewer = requireViewer(c);
      const { posts, media } = await findSavedPage(db, {
        campusId: c.get('campus').id,
        userId: viewer.id,
        viewerId: viewer.id,
        limit: SAVED_PAGE_SIZE,
        after: readCursorParameter(c.req.query('cursor')),
      });
      const body: SavedPageDto = {
        posts: toPostDtos(posts, media),
        nextCursor: nextCursorOf(posts, SAVED_PAGE_SIZE, (post) => ({ at: post.saved_at, id: post.id })),
      };
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    });
}
