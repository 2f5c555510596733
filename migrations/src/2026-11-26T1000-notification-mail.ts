// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 21, e-mail part (decision 033): batched notification e-mail.
 *
 * `notifications.mailed_at` is the `updated_at` a row had when it was last
 * mailed (or skipped: the recipient gets no mail). A row waits for mail while
 * it is unread and `mailed_at` is null or older than `updated_at`, so an action
 * merged into a row after its mail makes it wait again, and a merge during the
 * send is not lost. The partial index holds only waiting rows of the mailed types.
 *
 * `mail_log.headers` keeps the List-* headers the loopback SMTP server received
 * (JSON object), so the dev mailbox and tests can read List-Unsubscribe.
 */
const MAILED_TYPES = `'message', 'new chat', 'comment', 'comment reply', 'save'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column mailed_at text`.execute(db);
  // Rows from before this feature are not mailed: they are news of the past.
  await sql`update notifications set mailed_at = updated_at`.execute(db);
  await sql
    .raw(`create index notifications_mail_waiting on notifications (to_user_id, updated_at)
      where is_read = 0 and type in (${MAILED_TYPES}) and (mailed_at is null or mailed_at < updated_at)`)
    .execute(db);
  await sql`alter table mail_log add column headers text not null default '{}'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_mail_waiting`.execute(db);
  await sql`alter table notifications drop column mailed_at`.execute(db);
  await sql`alter table mail_log drop column headers`.execute(db);
}
