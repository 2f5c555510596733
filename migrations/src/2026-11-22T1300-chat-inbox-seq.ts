// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 6 performance (decision 016): a chat's inbox columns
 * (last_message, its members' read positions and unread flags) are written
 * a moment after the log rows that imply them. `inbox_seq` is the
 * chat_updates seq up to which they are written; a log row past it after a
 * crash says the inbox columns must be worked out again from the doc.
 *
 * Moving `inbox_seq` alone is no news to an inbox, so the trigger that
 * notices a changed chat now watches every column but that one.
 */
const NOTICED_COLUMNS =
  'campus_id, from_user_id, to_user_id, pair_key, last_message, last_message_id, last_message_author_id, ' +
  'created_at, last_modified';

function changedTrigger(columns: string | null) {
  return sql.raw(`
    create trigger chats_changed_update after update${columns ? ` of ${columns}` : ''} on chats begin
      insert into changes (campus_id, user_id, kind, chat_id, is_deleted)
      values (new.campus_id, new.from_user_id, 'chat', new.id, 0),
             (new.campus_id, new.to_user_id, 'chat', new.id, 0);
    end`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists chats_changed_update`.execute(db);
  await db.schema
    .alterTable('chats')
    .addColumn('inbox_seq', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Every row written so far had its inbox columns written with it.
  await sql`
    update chats set inbox_seq = coalesce((select max(seq) from chat_updates where chat_id = chats.id), 0)
  `.execute(db);
  await changedTrigger(NOTICED_COLUMNS).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists chats_changed_update`.execute(db);
  await db.schema.alterTable('chats').dropColumn('inbox_seq').execute();
  await changedTrigger(null).execute(db);
}
