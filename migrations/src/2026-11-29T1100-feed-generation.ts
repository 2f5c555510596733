// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/** The tables a feed page is made of: its posts, their photos and their authors. */
const SOURCES = ['posts', 'post_media', 'users'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * Issue 25: feed pages are shared by every viewer of a campus and kept in
 * memory. A counter that any change to what a page shows moves, in the same
 * transaction, tells the server a kept page is out of date, whichever code
 * wrote the change (a route, a job, a seed or a test's direct write).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table feed_generation (id integer primary key check (id = 1), n integer not null)`.execute(db);
  await sql`insert into feed_generation (id, n) values (1, 0)`.execute(db);
  for (const table of SOURCES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger feed_generation_${table}_${event} after ${event} on ${table}
           begin update feed_generation set n = n + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of SOURCES) {
    for (const event of EVENTS) await sql.raw(`drop trigger feed_generation_${table}_${event}`).execute(db);
  }
  await sql`drop table feed_generation`.execute(db);
}
