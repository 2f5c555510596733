import { NOTIFICATIONS_PAGE_SIZE, type UnreadCountsDto } from '@campus/shared/notifications-api';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { afterCursor, type PageCursor } from '../posts/page-cursor.ts';
import { USER_SUMMARY_COLUMNS } from '../users/user-summary-columns.ts';

/**
 * Notification rows as the list shows them (and a push says them): the row,
 * its latest actor and, for a comment's row, the comment's text as it is now.
 */
export function selectNotificationRows(db: Db) {
  return db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.from_user_id')
    .leftJoin('posts as comment', 'comment.id', 'notifications.comment_id')
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.actor_count',
      'notifications.post_id',
      'notifications.comment_id',
      'notifications.chat_id',
      'notifications.message',
      'notifications.is_read',
      'notifications.created_at',
      'notifications.updated_at',
      'comment.text_plain as comment_text',
      'users.id as from_id',
      ...USER_SUMMARY_COLUMNS,
    ]);
}

/**
 * spec 2 §7 Notifications: the viewer's rows on this campus, newest activity
 * first (a merged row rises with its latest action), NOTIFICATIONS_PAGE_SIZE
 * a page, with the latest actor and, for a comment's row, the comment's text
 * as it is now (selectNotificationRows). One query, on the notifications_list index.
 */
export async function findNotificationsPage(
  db: Db,
  options: { campusId: string; userId: string; after: PageCursor | null },
) {
  const { campusId, userId, after } = options;
  let query = selectNotificationRows(db)
    .where('notifications.to_user_id', '=', userId)
    .where('notifications.campus_id', '=', campusId)
    .where(notBlockedWith(userId, 'notifications.from_user_id'))
    .orderBy('notifications.updated_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATIONS_PAGE_SIZE);
  if (after) query = query.where(afterCursor('notifications.updated_at', 'notifications.id', after));
  return query.execute();
}

export type NotificationListRow = Awaited<ReturnType<typeof findNotificationsPage>>[number];

/** spec 2 §4 "become read once displayed": only the viewer's own rows on this campus. */
export async function markNotificationsRead(db: Db, campusId: string, userId: string, ids: string[]): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('to_user_id', '=', userId)
    .where('campus_id', '=', campusId)
    .where('id', 'in', ids)
    .where('is_read', '=', 0)
    .execute();
}

/**
 * spec 2 §7 Unread counts: the viewer's unread notifications and unread
 * chats on this campus (a chat with a blocked member is not in the inbox,
 * so it is not counted). Two index lookups.
 */
export async function countUnread(db: Db, campusId: string, userId: string): Promise<UnreadCountsDto> {
  const notifications = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('to_user_id', '=', userId)
    .where('campus_id', '=', campusId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  const chats = await db
    .selectFrom('chat_members as mine')
    .innerJoin('chats', 'chats.id', 'mine.chat_id')
    .innerJoin('chat_members as theirs', (join) =>
      join.onRef('theirs.chat_id', '=', 'mine.chat_id').onRef('theirs.user_id', '!=', 'mine.user_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mine.user_id', '=', userId)
    .where('mine.has_unread', '=', 1)
    .where('chats.campus_id', '=', campusId)
    .where(notBlockedWith(userId, 'theirs.user_id'))
    .executeTakeFirstOrThrow();
  return { notifications: Number(notifications.count), chats: Number(chats.count) };
}
