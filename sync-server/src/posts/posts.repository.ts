import type { Db } from '../db/database.ts';
import type { FeedCursor } from './feed-cursor.ts';

/**
 * One page of a campus feed (spec 2 §7: top-level posts by lastModified desc,
 * cursor paging) in two queries whatever the page size: the posts with their
 * authors, then all their media at once.
 */
export async function findFeedPage(db: Db, campusId: string, limit: number, after: FeedCursor | null) {
  let query = db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([
      'posts.id',
      'posts.type',
      'posts.text_json',
      'posts.category',
      'posts.price',
      'posts.campus_id',
      'posts.comment_count',
      'posts.like_count',
      'posts.is_sold',
      'posts.created_at',
      'posts.last_modified',
      'users.id as author_id',
      'users.username as author_username',
      'users.first_name as author_first_name',
      'users.last_name as author_last_name',
      'users.img as author_img',
      'users.verified as author_verified',
      'users.school_verified as author_school_verified',
    ])
    .where('posts.campus_id', '=', campusId)
    .where('posts.parent_id', 'is', null)
    .orderBy('posts.last_modified', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('posts.last_modified', '<', after.lastModified),
        eb.and([eb('posts.last_modified', '=', after.lastModified), eb('posts.id', '<', after.id)]),
      ]),
    );
  }
  const posts = await query.execute();
  const media =
    posts.length === 0
      ? []
      : await db
          .selectFrom('post_media')
          .selectAll()
          .where(
            'post_id',
            'in',
            posts.map((post) => post.id),
          )
          .orderBy('post_id')
          .orderBy('position')
          .execute();
  return { posts, media };
}

export type FeedPostRow = Awaited<ReturnType<typeof findFeedPage>>['posts'][number];
