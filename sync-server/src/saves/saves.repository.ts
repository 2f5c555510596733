import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { notifySaveChanged } from '../notifications/save-notifications.ts';
import { afterCursor, type PageCursor } from '../posts/page-cursor.ts';
import { selectPostCards, withMediaOf } from '../posts/post-card-query.ts';
import { USER_SUMMARY_COLUMNS } from '../users/user-summary-columns.ts';

/**
 * spec 2 §4 like toggle: saving adds the user to the post's likes, saving
 * again is a no-op; save_count moves only when a row really went in or out,
 * in the same transaction, so the count never drifts from the rows.
 */
export async function setSaved(db: Db, postId: string, userId: string, isSaved: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const changed = isSaved
      ? (
          await trx
            .insertInto('saves')
            .values({ post_id: postId, user_id: userId, created_at: new Date().toISOString() })
            .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
            .executeTakeFirst()
        ).numInsertedOrUpdatedRows
      : (await trx.deleteFrom('saves').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst())
          .numDeletedRows;
    if (changed !== undefined && changed > 0n) {
      await trx
        .updateTable('posts')
        .set((eb) => ({ save_count: eb('save_count', isSaved ? '+' : '-', 1) }))
        .where('id', '=', postId)
        .execute();
      await notifySaveChanged(trx, { postId, actorId: userId, isSaved, at: new Date().toISOString() });
    }
    const post = await trx.selectFrom('posts').select('save_count').where('id', '=', postId).executeTakeFirstOrThrow();
    return post.save_count;
  });
}

/**
 * spec 2 §7 Saved: the posts `userId` saved on this campus, newest saved
 * first; `viewerId` (the same user on /saved, anyone on a profile's Likes
 * tab) decides what blocks hide. Two queries per page.
 */
export async function findSavedPage(
  db: Db,
  options: { campusId: string; userId: string; viewerId: string | null; limit: number; after: PageCursor | null },
) {
  const { campusId, userId, viewerId, limit, after } = options;
  let query = selectPostCards(db, viewerId)
    .innerJoin('saves', (join) => join.onRef('saves.post_id', '=', 'posts.id').on('saves.user_id', '=', userId))
    .select('saves.created_at as saved_at')
    .where('posts.campus_id', '=', campusId)
    .where('posts.type', '!=', 'new user')
    .orderBy('saves.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(limit);
  if (after) query = query.where(afterCursor('saves.created_at', 'posts.id', after));
  return withMediaOf(db, await query.execute());
}

/** spec 2 §2 /post/{id}/likes: who saved the post, newest first, minus anyone blocked either way. */
export async function findLikers(
  db: Db,
  postId: string,
  viewerId: string | null,
  limit: number,
  after: PageCursor | null,
) {
  let query = db
    .selectFrom('saves')
    .innerJoin('users', 'users.id', 'saves.user_id')
    .select(['users.id', ...USER_SUMMARY_COLUMNS, 'saves.created_at as saved_at'])
    .where('saves.post_id', '=', postId)
    .orderBy('saves.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(limit);
  if (viewerId !== null) query = query.where(notBlockedWith(viewerId, 'users.id'));
  if (after) query = query.where(afterCursor('saves.created_at', 'users.id', after));
  return query.execute();
}
