// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 6 performance (decision 016): `chat_updates.seq` becomes
 * a plain INTEGER PRIMARY KEY, no AUTOINCREMENT. AUTOINCREMENT rewrote the
 * `sqlite_sequence` row, a page of its own, in every commit of a message:
 * a bare-SQLite run measured ~42 → ~30 µs and 13.7 → 9.7 KB of WAL a commit
 * without it.
 *
 * A new row still gets a seq above every row in the table, so a chat's seq
 * only grows as long as its newest row is never deleted before a later one
 * is written: compaction now inserts its snapshot first and then deletes
 * the rows before it. SQLite cannot drop AUTOINCREMENT in place, so the
 * table is rebuilt (https://www.sqlite.org/lang_altertable.html#otheralter),
 * inside the migration's transaction; nothing references it.
 */
async function rebuild(db: Kysely<unknown>, seqColumn: string): Promise<void> {
  await sql
    .raw(`create table chat_updates_next (
      seq ${seqColumn},
      chat_id text not null references chats (id) on delete cascade,
      "update" blob not null,
      created_at text not null,
      update_count integer not null default 1
    )`)
    .execute(db);
  await sql`
    insert into chat_updates_next (seq, chat_id, "update", created_at, update_count)
    select seq, chat_id, "update", created_at, update_count from chat_updates order by seq
  `.execute(db);
  await sql`drop table chat_updates`.execute(db);
  await sql`alter table chat_updates_next rename to chat_updates`.execute(db);
  await db.schema.createIndex('chat_updates_chat').on('chat_updates').columns(['chat_id', 'seq']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, 'integer primary key');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Inserting explicit seqs sets sqlite_sequence to the largest.
  await rebuild(db, 'integer primary key autoincrement');
}
