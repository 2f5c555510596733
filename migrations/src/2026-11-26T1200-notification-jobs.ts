// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 (decision 032): the transactional outbox of the notifications.
 *
 * A new comment's transaction writes one `notification_jobs` row for its
 * 'comment interaction' fan-out (a row for everyone else who commented in the
 * thread) instead of writing those rows itself; the server's notification
 * job worker runs it right after the commit, or at start-up when the process
 * stopped in between. A deleted comment or post takes its job with it.
 * `attempts` counts failed runs: a job that failed three times is left for a
 * person to look at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_jobs (
      id integer primary key autoincrement,
      kind text not null check (kind in ('comment fan-out')),
      comment_id text not null references posts (id) on delete cascade,
      post_id text not null references posts (id) on delete cascade,
      attempts integer not null default 0,
      created_at text not null
    )`.execute(db);
  await sql`create index notification_jobs_comment on notification_jobs (comment_id)`.execute(db);
  await sql`create index notification_jobs_post on notification_jobs (post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_jobs`.execute(db);
}
