import type { ProfileListTab } from '@campus/shared/post-api';
import type { Db } from '../db/database.ts';
import type { PostMediaRow } from '../db/schema.ts';
import { afterCursor, nextCursorOf, type PageCursor } from '../posts/page-cursor.ts';
import { type PostCardRow, selectPostCards, withMediaOf } from '../posts/post-card-query.ts';
import { findSavedPage } from '../saves/saves.repository.ts';

export interface ProfileListQuery {
  campusId: string;
  userId: string;
  viewerId: string | null;
  limit: number;
  after: PageCursor | null;
}

export interface ProfileListPage {
  posts: PostCardRow[];
  media: PostMediaRow[];
  nextCursor: string | null;
}

/**
 * spec 2 §7 Profile lists, each two queries per page (posts with authors,
 * then their media), 'new user' posts excluded (spec 2 §2):
 * Posts: top-level, lastModified desc. Photos: top-level with media,
 * createdAt desc. Replies: the user's comments, lastModified desc.
 * Likes: the posts the user saved, newest saved first.
 */
export async function findProfileList(db: Db, tab: ProfileListTab, query: ProfileListQuery): Promise<ProfileListPage> {
  const { campusId, userId, viewerId, limit, after } = query;
  if (tab === 'likes') {
    const { posts, media } = await findSavedPage(db, query);
    return { posts, media, nextCursor: nextCursorOf(posts, limit, (post) => ({ at: post.saved_at, id: post.id })) };
  }
  const sortColumn = tab === 'photos' ? 'posts.created_at' : 'posts.last_modified';
  let list = selectPostCards(db, viewerId)
    .where('posts.user_id', '=', userId)
    .where('posts.campus_id', '=', campusId)
    .where('posts.type', '!=', 'new user')
    .where('posts.parent_id', tab === 'replies' ? 'is not' : 'is', null)
    .orderBy(sortColumn, 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit);
  if (tab === 'photos') list = list.where('posts.img_count', '>', 0);
  if (after) list = list.where(afterCursor(sortColumn, 'posts.id', after));
  const posts = await list.execute();
  const nextCursor = nextCursorOf(posts, limit, (post) => ({
    at: tab === 'photos' ? post.created_at : post.last_modified,
    id: post.id,
  }));
  return { ...(await withMediaOf(db, posts)), nextCursor };
}
