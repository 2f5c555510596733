import type { Db } from '../db/database.ts';
import { afterCursor, type PageCursor } from './page-cursor.ts';
import { selectPostCards, withMediaOf } from './post-card-query.ts';

/**
 * One page of a campus feed (spec 2 §7: top-level posts by lastModified desc,
 * cursor paging) in two queries whatever the page size: the posts with their
 * authors, then all their media at once. A viewer's blocks hide posts both ways.
 */
export async function findFeedPage(
  db: Db,
  campusId: string,
  limit: number,
  after: PageCursor | null,
  viewerId: string | null,
  { isPhotosOnly = false }: { isPhotosOnly?: boolean } = {},
) {
  let query = selectPostCards(db, viewerId, { isPostsFirst: true })
    .where('posts.campus_id', '=', campusId)
    .where('posts.parent_id', 'is', null)
    .$if(isPhotosOnly, (photos) => photos.where('posts.img_count', '>=', 1))
    .orderBy('posts.last_modified', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit);
  if (after) query = query.where(afterCursor('posts.last_modified', 'posts.id', after));
  return withMediaOf(db, await query.execute());
}

/** A post or comment of this campus as the viewer may see it (undefined when missing or blocked). */
export async function findPostCard(db: Db, campusId: string, id: string, viewerId: string | null) {
  return selectPostCards(db, viewerId)
    .where('posts.id', '=', id)
    .where('posts.campus_id', '=', campusId)
    .executeTakeFirst();
}

/** spec 2 §2: a deleted post says so; one that never existed (or is another campus's) does not. */
export async function isDeletedPost(db: Db, campusId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('deleted_posts')
    .select('id')
    .where('id', '=', id)
    .where('campus_id', '=', campusId)
    .executeTakeFirst();
  return row !== undefined;
}
