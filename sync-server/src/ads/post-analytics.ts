import type { AdAnalyticsDto, AdDayViewsDto } from '@campus/shared/ad-api';
import type { AnalyticsAction } from '@campus/shared/ad-rules';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AdRow } from '../db/schema.ts';

/**
 * Counts one action once per post, viewer and UTC day (a unique index: issue 35 item 8); a repeat
 * (a retry, a late outbox entry, another page view, fifty requests from one address) is a no-op.
 */
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** A run longer than this shows its last days only (a run-until-paused ad can run for months). */
const VIEWS_PER_DAY_MAX_DAYS = 90;

/** The UTC day ('YYYY-MM-DD') an epoch millisecond falls on. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Views per UTC day over the ad's run window (decision 046): from the day it
 * started to the day it ended, ran out or today, whichever is first; every day
 * is present, 0 when no one looked. Empty before the ad started.
 */
export async function viewsPerDay(
  db: Db,
  ad: Pick<AdRow, 'post_id' | 'start_time' | 'end_time_adjusted' | 'ended_at'>,
  now: number,
): Promise<AdDayViewsDto[]> {
  if (ad.start_time === null) return [];
  const end = Math.max(ad.start_time, Math.min(now, ad.ended_at ?? now, ad.end_time_adjusted ?? now));
  const lastDay = Date.parse(`${utcDay(end)}T00:00:00.000Z`);
  const firstDay = Math.max(
    Date.parse(`${utcDay(ad.start_time)}T00:00:00.000Z`),
    lastDay - (VIEWS_PER_DAY_MAX_DAYS - 1) * DAY_MS,
  );
  const rows = await db
    .selectFrom('post_analytics')
    .select([sql<string>`substr(created_at, 1, 10)`.as('day'), sql<number>`count(*)`.as('views')])
    .where('post_id', '=', ad.post_id)
    .where('action', '=', 'view')
    .where('created_at', '>=', new Date(firstDay).toISOString())
    .where('created_at', '<', new Date(lastDay + DAY_MS).toISOString())
    .groupBy('day')
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row.views]));
  const days: AdDayViewsDto[] = [];
  for (let at = firstDay; at <= lastDay; at += DAY_MS)
    days.push({ day: utcDay(at), views: byDay.get(utcDay(at)) ?? 0 });
  return days;
}
