import { uuidv7 } from '@campus/shared/ids';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { withSubtree } from '../posts/post-tree.ts';
import { MERGE_SINCE_READ, mayHearOf, type NotificationWrite, upsertNotifications } from './notification-upsert.ts';

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
 * A new comment's notifications (spec 2 §3, §4; decision 032), in the
 * transaction that stores it:
 * - 'comment' to the post's author, for a comment on the post itself;
 * - 'comment reply' to the author of the comment it answers;
 * - 'post interaction' to the post's author, for a reply further down their
 *   thread (one row per post, merged);
 * - 'comment interaction' to everyone else who commented in the thread (one
 *   row per post and person, merged: the fan-out).
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
  await notifyThread(db, action, direct);
}

/**
 * The fan-out: a 'comment interaction' row for everyone else who commented
 * in the thread, merged. One INSERT … SELECT over the thread (no ids travel
 * to JavaScript and back): each new row's id is a UUIDv7 made here whose last
 * 48 random bits SQLite draws per row.
 */
async function notifyThread(db: Db, action: CommentAction, direct: string[]): Promise<void> {
  const { authorId, campusId, postId, at } = action;
  const idPrefix = uuidv7().slice(0, 24);
  await withSubtree(db, postId)
    .insertInto('notifications')
    .columns([
      'id',
      'campus_id',
      'to_user_id',
      'type',
      'merge_key',
      'from_user_id',
      'post_id',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('posts')
            .select('posts.user_id')
            .distinct()
            .where('posts.id', 'in', (thread) => thread.selectFrom('subtree').select('subtree.id'))
            .where('posts.id', '!=', postId)
            .where('posts.user_id', 'not in', direct)
            .where(mayHearOf(authorId, campusId, 'posts.user_id'))
            .as('participants'),
        )
        .select([
          sql<string>`${idPrefix} || lower(hex(randomblob(6)))`.as('id'),
          eb.val(campusId).as('campus_id'),
          'participants.user_id',
          eb.val('comment interaction').as('type'),
          eb.val(`comment interaction:${postId}`).as('merge_key'),
          eb.val(authorId).as('from_user_id'),
          eb.val(postId).as('post_id'),
          eb.val(at).as('created_at'),
          eb.val(at).as('updated_at'),
        ])
        // SQLite's upsert after INSERT … SELECT needs a WHERE to parse (its documentation's "parsing ambiguity").
        .where(sql<boolean>`true`),
    )
    .onConflict((conflict) => conflict.columns(['to_user_id', 'merge_key']).doUpdateSet(MERGE_SINCE_READ))
    .execute();
}
