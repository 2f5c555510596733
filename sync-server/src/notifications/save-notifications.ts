import type { Db } from '../db/database.ts';
import { mayHearOf, upsertNotifications } from './notification-upsert.ts';

/**
 * The 'save' row of a post's author (spec 2 §3 'like', decision 029), worked
 * out again from the post's saves in the transaction that saved or unsaved
 * it (decision 032): one row per post, naming the latest saver the author
 * may hear of and how many saved; unread again after a new save. An unsave
 * updates the row (the previous saver, one fewer) without making it unread
 * or moving it in the list, and removes it when nobody is left. Nobody
 * hears of their own save, of a blocked user's, or of a user of another campus.
 */
export async function notifySaveChanged(
  db: Db,
  change: { postId: string; actorId: string; isSaved: boolean; at: string },
): Promise<void> {
  const { postId, actorId, isSaved, at } = change;
  const post = await db
    .selectFrom('posts')
    .select(['user_id', 'campus_id'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (post === undefined || post.user_id === actorId) return;
  const ownerId = post.user_id;
  const campusId = post.campus_id;
  // The owner hears of savers as a recipient would: the filter runs from each saver's side.
  const savers = db
    .selectFrom('saves')
    .where('saves.post_id', '=', postId)
    .where('saves.user_id', '!=', ownerId)
    .where(mayHearOf(ownerId, campusId, 'saves.user_id'));
  const latest = await savers
    .select('saves.user_id')
    .orderBy('saves.created_at', 'desc')
    .orderBy('saves.user_id', 'desc')
    .executeTakeFirst();
  const mergeKey = `save:${postId}`;
  if (latest === undefined) {
    await db.deleteFrom('notifications').where('to_user_id', '=', ownerId).where('merge_key', '=', mergeKey).execute();
    return;
  }
  const { count } = await savers.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (!isSaved) {
    await db
      .updateTable('notifications')
      .set({ from_user_id: latest.user_id, actor_count: Number(count) })
      .where('to_user_id', '=', ownerId)
      .where('merge_key', '=', mergeKey)
      .execute();
    return;
  }
  // A save by someone the owner may not hear of changes nothing they see.
  if (latest.user_id !== actorId) return;
  const row = {
    campusId,
    toUserId: ownerId,
    type: 'save',
    mergeKey,
    fromUserId: actorId,
    postId,
    commentId: null,
    chatId: null,
    message: null,
    at,
  } as const;
  await upsertNotifications(db, [row], Number(count));
}
