import { PROFILE_LIST_TABS, PROFILE_PAGE_SIZE, type ProfileListPageDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import type { ProfileDto } from '@campus/shared/profile-api';
import { Hono } from 'hono';
import { isBlockedEitherWay } from '../blocks/blocks.repository.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readCursorParameter } from '../posts/page-cursor.ts';
import { toPostDtos } from '../posts/posts.mapper.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import { findProfileList } from './profile-lists.repository.ts';
import { findProfileByUsername } from './profiles.repository.ts';

const TAB_PATTERN = PROFILE_LIST_TABS.join('|');

export function profileRoutes(db: Db) {
  async function findProfileRow(username: string, campusId: string) {
    const row = await findProfileByUsername(db, username, campusId);
    // spec 2 §2 Profile: "Unknown user: 'This page doesn’t exist.'"
    if (!row) throw new AppError('not_found', POST_MESSAGES.profileMissing);
    return row;
  }

  return new Hono<AppEnv>()
    .get('/:username', async (c) => {
      const row = await findProfileRow(c.req.param('username'), c.get('campus').id);
      const body: ProfileDto = {
        ...toAuthorDto(row),
        bio: row.bio,
        isProfileSetUp: row.profile_set_up === 1,
        totalPosts: row.total_posts,
        createdAt: row.created_at,
      };
      return c.json(body);
    })
    .get(`/:username/:tab{${TAB_PATTERN}}`, async (c) => {
      const campusId = c.get('campus').id;
      const user = await findProfileRow(c.req.param('username'), campusId);
      const tab = PROFILE_LIST_TABS.find((name) => name === c.req.param('tab')) ?? 'posts';
      const after = readCursorParameter(c.req.query('cursor'));
      const viewerId = c.get('viewer')?.id ?? null;
      c.header('Cache-Control', 'private, no-cache');
      // A block hides the whole profile's activity both ways, Likes included.
      if (viewerId !== null && viewerId !== user.id && (await isBlockedEitherWay(db, viewerId, user.id))) {
        return c.json({ posts: [], nextCursor: null } satisfies ProfileListPageDto);
      }
      const page = await findProfileList(db, tab, {
        campusId,
        userId: user.id,
        viewerId,
        limit: PROFILE_PAGE_SIZE,
        after,
      });
      const body: ProfileListPageDto = { posts: toPostDtos(page.posts, page.media), nextCursor: page.nextCursor };
      return c.json(body);
    });
}
