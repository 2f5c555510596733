import { uuidv7 } from '@campus/shared/ids';
import type { NotificationType } from '@campus/shared/notifications-api';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** One recipient's row as an action writes it (decision 032). */
export interface NotificationWrite {
  campusId: string;
  toUserId: string;
  type: NotificationType;
  /** '{type}:{post, comment or chat id}': the row a later action with the same key updates. */
  mergeKey: string;
  fromUserId: string;
  postId: string | null;
  commentId: string | null;
  chatId: string | null;
  message: string | null;
  at: string;
}

/**
 * How a merged row counts: `since read` counts the actions since the
 * recipient last read it (a row read and then merged into starts again at 1);
 * a number is the count itself (a save row: how many saved).
 */
export type MergeCount = 'since read' | number;

/** A merge that counts the actions since the row was read (for INSERT … SELECT, where `excluded` has no count). */
export const MERGE_SINCE_READ = {
  from_user_id: sql<string>`excluded.from_user_id`,
  actor_count: sql<number>`case when notifications.is_read = 1 then 1 else notifications.actor_count + 1 end`,
  comment_id: sql<string | null>`excluded.comment_id`,
  message: sql<string | null>`excluded.message`,
  is_read: 0,
  updated_at: sql<string>`excluded.updated_at`,
};

/** Rows a statement at most: 500 rows of 12 values stay far below SQLite's 32,766 parameters. */
const CHUNK = 500;

/**
 * Writes each row, or merges it into the recipient's row with the same key:
 * the latest actor, preview and time, unread again. One statement per 500
 * rows, inside the caller's transaction.
 */
export async function upsertNotifications(db: Db, rows: NotificationWrite[], count: MergeCount): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const values = rows.slice(start, start + CHUNK).map((row) => ({
      id: uuidv7(),
      campus_id: row.campusId,
      to_user_id: row.toUserId,
      type: row.type,
      merge_key: row.mergeKey,
      from_user_id: row.fromUserId,
      actor_count: count === 'since read' ? 1 : count,
      post_id: row.postId,
      comment_id: row.commentId,
      chat_id: row.chatId,
      message: row.message,
      created_at: row.at,
      updated_at: row.at,
    }));
    await db
      .insertInto('notifications')
      .values(values)
      .onConflict((conflict) =>
        conflict.columns(['to_user_id', 'merge_key']).doUpdateSet((eb) => ({
          from_user_id: eb.ref('excluded.from_user_id'),
          actor_count:
            count === 'since read'
              ? sql<number>`case when notifications.is_read = 1 then 1 else notifications.actor_count + 1 end`
              : eb.ref('excluded.actor_count'),
          comment_id: eb.ref('excluded.comment_id'),
          message: eb.ref('excluded.message'),
          is_read: 0,
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/**
 * True when `userColumn` may hear of an action by `actorId` on `campusId`
 * (decision 032): not the actor, a user of that campus (a guest from another
 * school hears nothing here), and no block either way.
 */
export function mayHearOf(actorId: string, campusId: string, userColumn: string): Expression<SqlBool> {
  const user = sql.ref(userColumn);
  return sql<SqlBool>`(${user} != ${actorId}
    and exists (select 1 from users heard where heard.id = ${user} and heard.campus_id = ${campusId})
    and not exists (
      select 1 from blocks
      where (blocks.blocker_id = ${actorId} and blocks.blocked_id = ${user})
         or (blocks.blocker_id = ${user} and blocks.blocked_id = ${actorId})
    ))`;
}
