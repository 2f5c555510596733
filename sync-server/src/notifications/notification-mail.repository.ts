import { type Expression, type SqlBool, sql } from 'kysely';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { selectNotificationRows } from './notifications.repository.ts';

/**
 * spec 2 §4 "E-mail notification types: message, comment, comment reply,
 * like" in the code's words (decision 029, 033): a chat's first message is a
 * 'new chat' row, and it is a message too. Written as in the partial index
 * `notifications_mail_waiting` (migration 2026-11-26T1000), so SQLite uses it.
 */
const WAITING_FOR_MAIL = sql<SqlBool>`notifications.is_read = 0
  and notifications.type in ('message', 'new chat', 'comment', 'comment reply', 'save')
  and (notifications.mailed_at is null or notifications.mailed_at < notifications.updated_at)`;

function waitingForMail(): Expression<SqlBool> {
  return WAITING_FOR_MAIL;
}

/** Each recipient with unread news not mailed yet: the newest and the oldest of it. */
export async function findWaitingRecipients(db: Db, limit: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => ['to_user_id', eb.fn.max('updated_at').as('newest'), eb.fn.min('updated_at').as('oldest')])
    .where(waitingForMail())
    .groupBy('to_user_id')
    .limit(limit)
    .execute();
}

/** Who a mail goes to, and whether it may. */
export async function findMailRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'campus_id', 'first_name', 'email', 'verified', 'email_notifications'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A recipient's waiting rows, newest first, as the list reads them (the actor, a comment's text as it is now). */
export async function findWaitingRows(db: Db, userId: string, limit: number) {
  return (
    selectNotificationRows(db)
      .select('notifications.campus_id')
      .where('notifications.to_user_id', '=', userId)
      .where(waitingForMail())
      // Blocks delete the rows between the two (decision 032); this keeps a mail right even so.
      .where(notBlockedWith(userId, 'notifications.from_user_id'))
      .orderBy('notifications.updated_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(limit)
      .execute()
  );
}

export type WaitingRow = Awaited<ReturnType<typeof findWaitingRows>>[number];

/**
 * Records what a mail said: each row as it was read. A row merged into since
 * (a newer `updated_at`) stays waiting, so that action is mailed next time.
 */
export async function markMailed(db: Db, rows: ReadonlyArray<{ id: string; updated_at: string }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .updateTable('notifications')
        .set({ mailed_at: row.updated_at })
        .where('id', '=', row.id)
        .where('updated_at', '=', row.updated_at)
        .execute();
    }
  });
}

/** A recipient who gets no mail (opted out, unverified, banned): their waiting rows are passed over, not kept waiting. */
export async function skipWaiting(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ mailed_at: sql<string>`updated_at` })
    .where('to_user_id', '=', userId)
    .where(waitingForMail())
    .execute();
}
