import type { Db } from '../db/database.ts';
import { selectNotificationRows } from '../notifications/notifications.repository.ts';

/** Delivery rows the worker takes at once (each names one notification row to push). */
const BATCH = 500;

/** The oldest waiting deliveries: the notification rows to push, and the last seq read. */
export async function readDeliveries(db: Db): Promise<{ notificationIds: string[]; lastSeq: number } | null> {
  const rows = await db
    .selectFrom('push_deliveries')
    .select(['seq', 'notification_id'])
    .orderBy('seq')
    .limit(BATCH)
    .execute();
  const last = rows.at(-1);
  if (last === undefined) return null;
  // A row merged twice before the worker ran is pushed once, as it is now.
  return { notificationIds: [...new Set(rows.map((row) => row.notification_id))], lastSeq: last.seq };
}

export async function deleteDeliveries(db: Db, upToSeq: number): Promise<void> {
  await db.deleteFrom('push_deliveries').where('seq', '<=', upToSeq).execute();
}

/**
 * The rows to push, as the in-app list shows them (same columns, so the same
 * mapper and words): only rows still unread (one read or deleted since is not
 * pushed; a block deletes the rows between the two users, decision 032).
 */
export function findNotificationsToPush(db: Db, ids: string[]) {
  return selectNotificationRows(db)
    .select(['notifications.to_user_id', 'notifications.campus_id'])
    .where('notifications.id', 'in', ids)
    .where('notifications.is_read', '=', 0)
    .execute();
}

/** Every device of the rows' recipients on the rows' campus, with the row it is for. */
export function findDevicesOf(db: Db, ids: string[]) {
  return db
    .selectFrom('notifications')
    .innerJoin('push_subscriptions as device', (join) =>
      join
        .onRef('device.user_id', '=', 'notifications.to_user_id')
        .onRef('device.campus_id', '=', 'notifications.campus_id'),
    )
    .select(['notifications.id as notification_id', 'device.endpoint', 'device.p256dh', 'device.auth'])
    .where('notifications.id', 'in', ids)
    .execute();
}
