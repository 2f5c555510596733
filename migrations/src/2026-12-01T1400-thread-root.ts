// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 36: a comment's thread was found by a recursive walk down `parent_id`, whose recursive step
 * SQLite may plan as a scan of every post (with statistics it did: 157 ms a thread on 100,000
 * posts, on the server's one thread, for every comment's fan-out). Every comment now names its
 * top-level post (`root_id`; null on a top-level post), so a thread is one range of `posts_root`.
 * Existing comments get theirs level by level, each level one update through `posts_parent`. The
 * posts' update triggers are set aside meanwhile: naming a comment's thread changes nothing a
 * device or the feed cache shows, so it is no change to send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column root_id text`.execute(db);
  const triggers = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and tbl_name = 'posts' and sql like '%after update%'`.execute(db);
  for (const { name } of triggers.rows) await sql`drop trigger ${sql.id(name)}`.execute(db);
  await sql`update posts set root_id = parent_id
    where parent_id in (select id from posts where parent_id is null)`.execute(db);
  for (;;) {
    const level =
      await sql`update posts set root_id = (select parent.root_id from posts parent where parent.id = posts.parent_id)
      where root_id is null and parent_id in (select id from posts where root_id is not null)`.execute(db);
    if (!level.numAffectedRows) break;
  }
  for (const trigger of triggers.rows) await sql.raw(trigger.sql).execute(db);
  await sql`create index posts_root on posts (root_id, created_at, id) where root_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_root`.execute(db);
  await sql`alter table posts drop column root_id`.execute(db);
}
