// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 36: the rows kept in memory for each signed-in student (their session with their user row,
 * their saves and whether they have a block) were all dropped at any write to the database, so at
 * exam time (dozens of writes a second) no reader's were ever kept. These triggers log whose rows
 * changed; each server's caches drop only those students' entries (db/read-cache.ts), whichever
 * process wrote.
 */
const LOGGED = [
  ['sessions', 'update', ['old.user_id']],
  ['sessions', 'delete', ['old.user_id']],
  ['users', 'update', ['old.id']],
  ['users', 'delete', ['old.id']],
  ['saves', 'insert', ['new.user_id']],
  ['saves', 'delete', ['old.user_id']],
  ['blocks', 'insert', ['new.blocker_id', 'new.blocked_id']],
  ['blocks', 'delete', ['old.blocker_id', 'old.blocked_id']],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table viewer_changes (seq integer primary key autoincrement, user_id text not null)`.execute(db);
  for (const [table, event, users] of LOGGED) {
    const inserts = users.map((user) => `insert into viewer_changes (user_id) values (${user});`).join(' ');
    await sql
      .raw(`create trigger viewer_changes_${table}_${event} after ${event} on ${table} begin ${inserts} end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, event] of LOGGED) await sql.raw(`drop trigger viewer_changes_${table}_${event}`).execute(db);
  await sql`drop table viewer_changes`.execute(db);
}
