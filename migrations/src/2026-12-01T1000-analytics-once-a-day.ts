// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 8: a post's analytics count each viewer (a user, or a
 * visitor's address) once per action per UTC day, whatever page-view id is
 * sent: fifty requests signed out were fifty views. Rows that break the rule
 * already (the earliest of a day stays) go before the unique index comes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from post_analytics
    where exists (
      select 1 from post_analytics earlier
      where earlier.post_id = post_analytics.post_id
        and earlier.action = post_analytics.action
        and earlier.viewer_key = post_analytics.viewer_key
        and substr(earlier.created_at, 1, 10) = substr(post_analytics.created_at, 1, 10)
        and (earlier.created_at < post_analytics.created_at
          or (earlier.created_at = post_analytics.created_at and earlier.page_view_id < post_analytics.page_view_id))
    )`.execute(db);
  await sql`
    create unique index post_analytics_once_a_day
    on post_analytics (post_id, action, viewer_key, substr(created_at, 1, 10))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index post_analytics_once_a_day`.execute(db);
}
