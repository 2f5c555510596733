// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 22 (decision 035): search.
 *
 * `popular_searches` is spec 2 §3 "Popular search: text, total_views", per
 * campus; the list reads it by total_views desc (spec 2 §7, limit 14).
 *
 * `search_user_changes` is a small log the server's people index reads, as
 * the posts index reads `changes`: a trigger writes it in the transaction of
 * any change to what a person is found by (names, username, campus, joining a
 * school) or shown with (photo), so no write path can leave the index behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table popular_searches (
      id text primary key,
      campus_id text not null references campuses (id),
      text text not null,
      total_views integer not null default 0,
      created_at text not null,
      updated_at text not null,
      unique (campus_id, text)
    )`.execute(db);
  await sql`create index popular_searches_views on popular_searches (campus_id, total_views desc, text)`.execute(db);

  await sql`
    create table search_user_changes (
      seq integer primary key autoincrement,
      user_id text not null
    )`.execute(db);
  await sql`
    create trigger users_search_insert after insert on users begin
      insert into search_user_changes (user_id) values (new.id);
    end`.execute(db);
  await sql`
    create trigger users_search_update
    after update of first_name, last_name, username, img, campus_id, verified, school_verified on users begin
      insert into search_user_changes (user_id) values (new.id);
    end`.execute(db);
  await sql`
    create trigger users_search_delete after delete on users begin
      insert into search_user_changes (user_id) values (old.id);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['users_search_insert', 'users_search_update', 'users_search_delete']) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await sql`drop table search_user_changes`.execute(db);
  await sql`drop table popular_searches`.execute(db);
}
