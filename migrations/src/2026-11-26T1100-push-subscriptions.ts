// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 21, web push (decision 034).
 *
 * `push_subscriptions`: one row per device's push endpoint (unique: a
 * re-subscribe from the same device replaces its row), tied to the user, the
 * campus it was made on and the session that made it, so ending the session
 * (logout, password change, expiry) deletes it by cascade.
 *
 * `push_deliveries`: a small log of notification rows to push. Triggers on
 * `notifications` write it in the transaction of the action (a row in, or a
 * merged row made unread again by a new action), only when the recipient has
 * a subscription on that campus; the push worker drains it after commit.
 * `seq` is a plain rowid (no AUTOINCREMENT, which writes sqlite_sequence on
 * every insert): the worker deletes what it read and keeps no cursor, so a
 * reused number after the table emptied is harmless.
 */
const TRIGGERS = [
  `create trigger notifications_push_insert after insert on notifications
     when exists (select 1 from push_subscriptions
       where user_id = new.to_user_id and campus_id = new.campus_id) begin
     insert into push_deliveries (notification_id) values (new.id);
   end`,
  `create trigger notifications_push_update after update of is_read, updated_at on notifications
     when new.is_read = 0 and (old.is_read = 1 or new.updated_at != old.updated_at)
       and exists (select 1 from push_subscriptions
         where user_id = new.to_user_id and campus_id = new.campus_id) begin
     insert into push_deliveries (notification_id) values (new.id);
   end`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_subscriptions (
      id text primary key,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_id text not null references users (id) on delete cascade,
      campus_id text not null references campuses (id),
      session_id text not null references sessions (id) on delete cascade,
      created_at text not null
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id, campus_id)`.execute(db);
  await sql`create index push_subscriptions_session on push_subscriptions (session_id)`.execute(db);
  await sql`
    create table push_deliveries (
      seq integer primary key,
      notification_id text not null
    )`.execute(db);
  for (const trigger of TRIGGERS) await sql.raw(trigger).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists notifications_push_update`.execute(db);
  await sql`drop trigger if exists notifications_push_insert`.execute(db);
  await sql`drop table push_deliveries`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
