// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 20, one name per concept (docs/decisions/029): a member keeping a
 * post is a save in code, so its table is `saves` (was `post_likes`) and a
 * post's count of them `save_count` (was `like_count`).
 *
 * The table is rebuilt rather than renamed, so its primary key, index and
 * triggers carry the new name too (a renamed table keeps `post_likes_pk` in
 * its SQL). Its triggers are dropped before the rows are copied: the copy
 * is no new save and writes no `changes` rows. The change kind stays
 * 'saved', which devices already read. Runs inside the migration's
 * transaction; nothing references the table.
 */
async function rebuild(db: Kysely<unknown>, from: Names, to: Names): Promise<void> {
  await sql.raw(`drop trigger if exists ${from.triggerPrefix}_insert`).execute(db);
  await sql.raw(`drop trigger if exists ${from.triggerPrefix}_delete`).execute(db);
  await db.schema
    .createTable(to.table)
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint(`${to.table}_pk`, ['post_id', 'user_id'])
    .execute();
  await sql
    .raw(
      `insert into ${to.table} (post_id, user_id, created_at) select post_id, user_id, created_at from ${from.table}`,
    )
    .execute(db);
  await db.schema.dropIndex(`${from.table}_user`).execute();
  await db.schema.dropTable(from.table).execute();
  await db.schema.createIndex(`${to.table}_user`).on(to.table).columns(['user_id', 'created_at']).execute();
  // Word for word the bodies of 2026-11-21T1500-chats.ts, on the new table.
  await sql
    .raw(`create trigger ${to.triggerPrefix}_insert after insert on ${to.table} begin
      insert into changes (campus_id, user_id, kind, post_id)
      select campus_id, new.user_id, 'saved', new.post_id from posts where id = new.post_id;
    end`)
    .execute(db);
  await sql
    .raw(`create trigger ${to.triggerPrefix}_delete after delete on ${to.table} begin
      insert into changes (campus_id, user_id, kind, post_id, is_deleted)
      select campus_id, old.user_id, 'saved', old.post_id, 1 from posts where id = old.post_id;
    end`)
    .execute(db);
  await sql.raw(`alter table posts rename column ${from.countColumn} to ${to.countColumn}`).execute(db);
}

interface Names {
  table: string;
  triggerPrefix: string;
  countColumn: string;
}

const BEFORE: Names = { table: 'post_likes', triggerPrefix: 'saved_changed', countColumn: 'like_count' };
const AFTER: Names = { table: 'saves', triggerPrefix: 'saves_changed', countColumn: 'save_count' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, BEFORE, AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, AFTER, BEFORE);
}
