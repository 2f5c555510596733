// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 6, direct messages as Yjs documents (docs/decisions/014):
 * - chats: one row per conversation, what the inbox lists (spec 2 §3 Chat).
 *   `pair_key` (the two user ids, sorted) is unique per campus, so the
 *   reuse-or-create rule (spec 2 §4) holds even when both start at once.
 * - chat_members: each member's unread flag and read position.
 * - chat_updates: the conversation's Y.Doc as an append-only log of Yjs
 *   updates, compacted to one snapshot row (an update itself).
 * - notifications: spec 2 §3 Notification; chats write 'message',
 *   'message like' and 'new chat'.
 * - changes: rebuilt with the kind 'chat' (SQLite cannot alter a CHECK), so
 *   a member's inbox hears of its chats through the issue-5 socket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('campus_id', 'text', (col) => col.notNull().references('campuses.id'))
    .addColumn('from_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pair_key', 'text', (col) => col.notNull())
    .addColumn('last_message', 'text')
    .addColumn('last_message_id', 'text')
    .addColumn('last_message_author_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_modified', 'text', (col) => col.notNull())
    .addUniqueConstraint('chats_pair', ['campus_id', 'pair_key'])
    .execute();

  await db.schema
    .createTable('chat_members')
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('has_unread', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('read_message_id', 'text')
    .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_members_user').on('chat_members').columns(['user_id', 'chat_id']).execute();

  await db.schema
    .createTable('chat_updates')
    .addColumn('seq', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('update', 'blob', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_updates_chat').on('chat_updates').columns(['chat_id', 'seq']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('campus_id', 'text', (col) => col.notNull().references('campuses.id'))
    .addColumn('to_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`type in ('like', 'comment', 'comment reply', 'comment interaction', 'post interaction', 'message', 'message like', 'new chat')`,
        ),
    )
    .addColumn('post_id', 'text')
    .addColumn('chat_id', 'text', (col) => col.references('chats.id').onDelete('cascade'))
    .addColumn('message', 'text')
    .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_to_user')
    .on('notifications')
    .columns(['to_user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('notifications_chat').on('notifications').column('chat_id').execute();

  await rebuildChangesWithChats(db);

  // The inbox of each member hears of a chat created, changed (last message) or deleted…
  for (const [event, row, isDeleted] of [
    ['insert', 'new', 0],
    ['update', 'new', 0],
    ['delete', 'old', 1],
  ] as const) {
    await sql
      .raw(`
      create trigger chats_changed_${event} after ${event} on chats begin
        insert into changes (campus_id, user_id, kind, chat_id, is_deleted)
        values (${row}.campus_id, ${row}.from_user_id, 'chat', ${row}.id, ${isDeleted}),
               (${row}.campus_id, ${row}.to_user_id, 'chat', ${row}.id, ${isDeleted});
      end`)
      .execute(db);
  }
  // …and of a member's unread flag or read position moving ('Seen' is the other member's read).
  await sql`
    create trigger chat_members_changed after update on chat_members begin
      insert into changes (campus_id, user_id, kind, chat_id)
      select chats.campus_id, chat_members.user_id, 'chat', chats.id
      from chats join chat_members on chat_members.chat_id = chats.id
      where chats.id = new.chat_id;
    end`.execute(db);
}

const POST_TRIGGERS = [
  'posts_changed_insert',
  'posts_changed_update',
  'posts_changed_delete',
  'saved_changed_insert',
  'saved_changed_delete',
];

/**
 * SQLite's way to change a CHECK: a new table, copy, drop, rename. Triggers
 * that write `changes` are dropped first (a rename re-checks them) and
 * recreated exactly as 2026-11-21T1400-sync.ts made them; the autoincrement
 * counter is carried over so seq never goes back.
 */
async function rebuildChangesWithChats(db: Kysely<unknown>) {
  for (const name of POST_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql`drop index if exists changes_campus`.execute(db);
  await sql`
    create table changes_with_chats (
      seq integer primary key autoincrement,
      campus_id text not null,
      user_id text,
      kind text not null check (kind in ('post', 'saved', 'chat')),
      post_id text,
      parent_id text,
      chat_id text,
      is_deleted integer not null default 0,
      created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      check ((kind = 'chat') = (chat_id is not null)),
      check ((kind = 'chat') = (post_id is null))
    )`.execute(db);
  await sql`
    insert into changes_with_chats (seq, campus_id, user_id, kind, post_id, parent_id, is_deleted, created_at)
    select seq, campus_id, user_id, kind, post_id, parent_id, is_deleted, created_at from changes`.execute(db);
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'changes'`.execute(db);
  await sql`drop table changes`.execute(db);
  await sql`alter table changes_with_chats rename to changes`.execute(db);
  const head = counter.rows[0]?.seq;
  if (head !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${head}) where name = 'changes'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'changes', ${head}
      where not exists (select 1 from sqlite_sequence where name = 'changes')`.execute(db);
  }
  await sql`create index changes_campus on changes (campus_id, seq)`.execute(db);
  await createPostTriggers(db);
}

/** Word for word the triggers of 2026-11-21T1400-sync.ts. */
async function createPostTriggers(db: Kysely<unknown>) {
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
  for (const name of ['chats_changed_insert', 'chats_changed_update', 'chats_changed_delete', 'chat_members_changed']) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await sql`delete from changes where kind = 'chat'`.execute(db);
  for (const table of ['notifications', 'chat_updates', 'chat_members', 'chats']) {
    await db.schema.dropTable(table).execute();
  }
}
