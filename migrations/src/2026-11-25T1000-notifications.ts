// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 (decision 032): in-app notifications.
 *
 * `notifications` is rebuilt (SQLite cannot alter a CHECK): the spec's 'like'
 * is 'save' (decision 029); a row is one per recipient and `merge_key`, so a
 * burst of saves on one post, or of comments in a thread, updates one row
 * (`actor_count`, the latest actor in `from_user_id`, `updated_at`, unread
 * again) instead of adding fifty; `comment_id` names the comment to open and
 * goes with it; `updated_at` orders the list.
 *
 * `unread_changes` is a small log the change hub reads to tell a user's
 * sync sockets that their unread counts moved: triggers on `notifications`
 * (a row in, read or unread again, out) and on `chat_members.has_unread`
 * write it in the transaction of the change itself.
 */
const TYPES = `'save', 'comment', 'comment reply', 'comment interaction', 'post interaction', 'message', 'message like', 'new chat'`;
const OLD_TYPES = `'like', 'comment', 'comment reply', 'comment interaction', 'post interaction', 'message', 'message like', 'new chat'`;

const UNREAD_TRIGGERS = [
  `create trigger notifications_unread_insert after insert on notifications begin
     insert into unread_changes (user_id) values (new.to_user_id);
   end`,
  `create trigger notifications_unread_update after update of is_read, updated_at on notifications begin
     insert into unread_changes (user_id) values (new.to_user_id);
   end`,
  `create trigger notifications_unread_delete after delete on notifications when old.is_read = 0 begin
     insert into unread_changes (user_id) values (old.to_user_id);
   end`,
  `create trigger chat_members_unread_update after update of has_unread on chat_members
     when new.has_unread != old.has_unread begin
     insert into unread_changes (user_id) values (new.user_id);
   end`,
  `create trigger chat_members_unread_delete after delete on chat_members when old.has_unread = 1 begin
     insert into unread_changes (user_id) values (old.user_id);
   end`,
];
const UNREAD_TRIGGER_NAMES = [
  'notifications_unread_insert',
  'notifications_unread_update',
  'notifications_unread_delete',
  'chat_members_unread_update',
  'chat_members_unread_delete',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table notifications_merged (
      id text primary key,
      campus_id text not null references campuses (id),
      to_user_id text not null references users (id) on delete cascade,
      type text not null check (type in (${TYPES})),
      merge_key text not null,
      from_user_id text not null references users (id) on delete cascade,
      actor_count integer not null default 1,
      post_id text references posts (id) on delete cascade,
      comment_id text references posts (id) on delete cascade,
      chat_id text references chats (id) on delete cascade,
      message text,
      is_read integer not null default 0,
      created_at text not null,
      updated_at text not null,
      unique (to_user_id, merge_key)
    )`)
    .execute(db);
  // Chats' rows so far, one per merge key (the newest wins): a 'message' per chat and member.
  await sql`
    insert or ignore into notifications_merged (id, campus_id, to_user_id, type, merge_key, from_user_id,
      post_id, chat_id, message, is_read, created_at, updated_at)
    select id, campus_id, to_user_id, case type when 'like' then 'save' else type end,
      (case type when 'like' then 'save' else type end) || ':' || coalesce(chat_id, post_id, id),
      from_user_id, post_id, chat_id, message, is_read, created_at, created_at
    from notifications
    where post_id is null or post_id in (select id from posts)
    order by created_at desc, id desc`.execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`alter table notifications_merged rename to notifications`.execute(db);
  await sql`create index notifications_list on notifications (to_user_id, campus_id, updated_at, id)`.execute(db);
  await sql`create index notifications_unread on notifications (to_user_id, campus_id) where is_read = 0`.execute(db);
  await sql`create index notifications_from_user on notifications (from_user_id)`.execute(db);
  await sql`create index notifications_post on notifications (post_id)`.execute(db);
  await sql`create index notifications_comment on notifications (comment_id)`.execute(db);
  await sql`create index notifications_chat on notifications (chat_id)`.execute(db);

  await sql`
    create table unread_changes (
      seq integer primary key autoincrement,
      user_id text not null
    )`.execute(db);
  for (const trigger of UNREAD_TRIGGERS) await sql.raw(trigger).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of UNREAD_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql`drop table unread_changes`.execute(db);
  await sql
    .raw(`
    create table notifications_single (
      id text primary key,
      campus_id text not null references campuses (id),
      to_user_id text not null references users (id) on delete cascade,
      from_user_id text not null references users (id) on delete cascade,
      type text not null check (type in (${OLD_TYPES})),
      post_id text,
      chat_id text references chats (id) on delete cascade,
      message text,
      is_read integer not null default 0,
      created_at text not null
    )`)
    .execute(db);
  await sql`
    insert into notifications_single (id, campus_id, to_user_id, from_user_id, type, post_id, chat_id, message,
      is_read, created_at)
    select id, campus_id, to_user_id, from_user_id, case type when 'save' then 'like' else type end,
      post_id, chat_id, message, is_read, updated_at
    from notifications`.execute(db);
  await sql`drop table notifications`.execute(db);
  await sql`alter table notifications_single rename to notifications`.execute(db);
  await sql`create index notifications_to_user on notifications (to_user_id, created_at)`.execute(db);
  await sql`create index notifications_chat on notifications (chat_id)`.execute(db);
}
