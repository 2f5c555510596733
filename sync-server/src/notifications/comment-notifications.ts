import type { Db } from '../db/database.ts';
import { mayHearOf, type NotificationWrite, upsertNotifications } from './notification-upsert.ts';

export interface CommentAction {
  commentId: string;
  authorId: string;
  campusId: string;
  /** The post or comment it answers. */
  parentId: string;
  /** The top-level post. */
  postId: string;
  at: string;
}

/**
 * A new comment's notifications (spec 2 §3, §4; decision 032). In the
 * transaction that stores it:
 * - 'comment' to the post's author, for a comment on the post itself;
 * - 'comment reply' to the author of the comment it answers;
 * - 'post interaction' to the post's author, for a reply further down their
 *   thread (one row per post, merged);
 * and a job for 'comment interaction' to everyone else who commented in the
 * thread (one row per post and person, merged: the fan-out), which the
 * notification job worker runs after the commit (comment-fan-out.ts).
 * Nobody hears of their own comment, nobody across a block either way, no
 * user of another campus, and each person once, by the first type above that
 * fits. The 'comment' and 'comment reply' rows name the comment and go with
 * it; merged rows name only the post and carry no comment text.
 */
export async function notifyComment(db: Db, action: CommentAction): Promise<void> {
  const { commentId, authorId, campusId, parentId, postId, at } = action;
  const isOnPost = parentId === postId;
  const heads = await db
    .selectFrom('posts')
    .select(['id', 'user_id'])
    .where('id', 'in', isOnPost ? [postId] : [postId, parentId])
    .execute();
  const postAuthor = heads.find((row) => row.id === postId)?.user_id;
  const parentAuthor = heads.find((row) => row.id === parentId)?.user_id;
  if (postAuthor === undefined || parentAuthor === undefined) return;

  const direct = [...new Set([parentAuthor, postAuthor])];
  const heardDirect = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', direct)
    .where(mayHearOf(authorId, campusId, 'users.id'))
    .execute();
  const heard = new Set(heardDirect.map((row) => row.id));
  const base = { campusId, fromUserId: authorId, postId, chatId: null, message: null, at };

  const single: NotificationWrite[] = [];
  if (heard.has(parentAuthor)) {
    const type = isOnPost ? 'comment' : 'comment reply';
    single.push({ ...base, toUserId: parentAuthor, type, mergeKey: `${type}:${commentId}`, commentId });
  }
  const merged: NotificationWrite[] = [];
  if (!isOnPost && postAuthor !== parentAuthor && heard.has(postAuthor)) {
    merged.push({
      ...base,
      toUserId: postAuthor,
      type: 'post interaction',
      mergeKey: `post interaction:${postId}`,
      commentId: null,
    });
  }
  await upsertNotifications(db, single, 'since read');
  await upsertNotifications(db, merged, 'since read');
  // The fan-out leaves the request: one job row here, its rows after the commit (comment-fan-out.ts).
  await db
    .insertInto('notification_jobs')
    .values({ kind: 'comment fan-out', comment_id: commentId, post_id: postId, created_at: at })
    .execute();
}
