import { uuidv7 } from '@campus/shared/ids';
import { NOTIFICATIONS_READ_MAX, type UnreadCountsDto } from '@campus/shared/notifications-api';
import type { MarkNotificationsReadRequest } from '@campus/shared/notifications-requests';
import { LOCAL_API } from './api.ts';
import type { LocalDb } from './local-db.ts';
import type { Outbox } from './outbox.ts';
import { saveUnreadCounts } from './unread-counts.ts';

/**
 * Notifications read on this device (spec 2 §4 "become read once displayed",
 * issue 21): the rows are marked read in the device's table at once, and one
 * outbox mutation per 100 ids carries it to the server when it can be
 * reached, once (the server's call is idempotent too). Until the server has
 * answered, the ids in waiting mutations are taken off the badge's count
 * (unread-counts.ts), whatever count the server sends meanwhile.
 */
export async function markNotificationsRead(
  db: LocalDb,
  outbox: Outbox,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction('rw', [db.notifications, db.outbox], async () => {
    await db.notifications
      .where('id')
      .anyOf([...ids])
      .modify((entry) => {
        entry.notification.isRead = true;
      });
    for (let start = 0; start < ids.length; start += NOTIFICATIONS_READ_MAX) {
      const body: MarkNotificationsReadRequest = { ids: ids.slice(start, start + NOTIFICATIONS_READ_MAX) };
      await outbox.enqueue({
        id: uuidv7(),
        userId,
        kind: 'notifications.read',
        postId: userId,
        rootId: null,
        method: 'POST',
        path: LOCAL_API.notificationsRead,
        body,
      });
    }
  });
}

/** The server applied a 'notifications.read': its answer is the counts with those rows read (decision 032). */
export async function applyNotificationsRead(db: LocalDb, answer: unknown): Promise<void> {
  await saveUnreadCounts(db, answer as UnreadCountsDto);
}
