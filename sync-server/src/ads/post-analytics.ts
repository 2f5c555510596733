import type { AdAnalyticsDto } from '@campus/shared/ad-api';
import type { AnalyticsAction } from '@campus/shared/ad-rules';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Counts one action once per post, page view and viewer; a repeat (a retry, a late outbox entry) is a no-op. */
export async function recordPostAction(
  db: Db,
  action: { postId: string; action: AnalyticsAction; viewerKey: string; pageViewId: string; at: number },
): Promise<void> {
  await db
    .insertInto('post_analytics')
    .values({
      post_id: action.postId,
      action: action.action,
      viewer_key: action.viewerKey,
      page_view_id: action.pageViewId,
      created_at: new Date(action.at).toISOString(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** spec 3 §3: the post's counts; accounts_reached is its distinct viewers. */
export async function postAnalytics(db: Db, postId: string): Promise<AdAnalyticsDto> {
  const rows = await db
    .selectFrom('post_analytics')
    .select(['action', sql<number>`count(*)`.as('count'), sql<number>`count(distinct viewer_key)`.as('viewers')])
    .where('post_id', '=', postId)
    .groupBy('action')
    .execute();
  const of = (action: AnalyticsAction) => rows.find((row) => row.action === action);
  return {
    views: of('view')?.count ?? 0,
    accountsReached: of('view')?.viewers ?? 0,
    directMessages: of('direct_message')?.count ?? 0,
    copiedLink: of('copied_link')?.count ?? 0,
    externalLinkClicks: of('external_link_click')?.count ?? 0,
    profileVisits: of('profile_visit')?.count ?? 0,
  };
}
