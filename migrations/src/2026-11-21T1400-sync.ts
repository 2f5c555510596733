// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 5, local-first sync (docs/decisions/013):
 * - mutation_receipts: every write a client's outbox sends carries its own id
 *   (Idempotency-Key); the first answer is kept here and replayed to retries.
 * - changes: an append-only log of what changed, filled by triggers in the
 *   same transaction as the change itself, so no write path can forget it.
 *   Sockets send its rows as change notices; a reconnecting client asks for
 *   the rows after the last seq it saw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mutation_receipts')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('pending', 'done')`))
    .addColumn('boot_id', 'text', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('mutation_receipts_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('mutation_receipts_age').on('mutation_receipts').column('created_at').execute();

  await sql`
    create table changes (
      seq integer primary key autoincrement,
      campus_id text not null,
      user_id text,
      kind text not null check (kind in ('post', 'saved')),
      post_id text not null,
      parent_id text,
      is_deleted integer not null default 0,
      created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`.execute(db);
  await sql`create index changes_campus on changes (campus_id, seq)`.execute(db);

  // Posts, comments and replies: created, edited (text, price, sold, counts, lastModified) or deleted.
  await sql`
    create trigger posts_changed_insert after insert on posts begin
      insert into changes (campus_id, kind, post_id, parent_id) values (new.campus_id, 'post', new.id, new.parent_id);
    end`.execute(db);
  await sql`
    create trigger posts_changed_update after update on posts begin
      insert into changes (campus_id, kind, post_id, parent_id) values (new.campus_id, 'post', new.id, new.parent_id);
    end`.execute(db);
  await sql`
    create trigger posts_changed_delete after delete on posts begin
      insert into changes (campus_id, kind, post_id, parent_id, is_deleted)
      values (old.campus_id, 'post', old.id, old.parent_id, 1);
    end`.execute(db);
  // A user's own saved list (/saved is live, spec 2 §2): only that user hears of it.
  await sql`
    create trigger saved_changed_insert after insert on post_likes begin
      insert into changes (campus_id, user_id, kind, post_id)
      select campus_id, new.user_id, 'saved', new.post_id from posts where id = new.post_id;
    end`.execute(db);
  await sql`
    create trigger saved_changed_delete after delete on post_likes begin
      insert into changes (campus_id, user_id, kind, post_id, is_deleted)
      select campus_id, old.user_id, 'saved', old.post_id, 1 from posts where id = old.post_id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'posts_changed_insert',
    'posts_changed_update',
    'posts_changed_delete',
    'saved_changed_insert',
    'saved_changed_delete',
  ]) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropTable('changes').execute();
  await db.schema.dropTable('mutation_receipts').execute();
}
