import { uuidv7 } from '@campus/shared/ids';
import { POPULAR_SEARCHES_FETCHED, type PopularSearchDto } from '@campus/shared/search-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** 'Mini  Fridge ' and 'mini fridge' are one popular search. */
export function foldSearchText(q: string): string {
  return q.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** spec 2 §7: this campus's popular searches, total_views desc, 14. */
export async function readPopularSearches(db: Db, campusId: string): Promise<PopularSearchDto[]> {
  const rows = await db
    .selectFrom('popular_searches')
    .select(['text', 'total_views'])
    .where('campus_id', '=', campusId)
    .orderBy('total_views', 'desc')
    .orderBy('text')
    .limit(POPULAR_SEARCHES_FETCHED)
    .execute();
  return rows.map((row) => ({ text: row.text, totalViews: row.total_views }));
}

/** One more view of `text` on this campus (an upsert: the first search of a text adds it). */
export async function countPopularSearch(db: Db, campusId: string, text: string, now: string): Promise<void> {
  await db
    .insertInto('popular_searches')
    .values({ id: uuidv7(), campus_id: campusId, text, total_views: 1, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['campus_id', 'text']).doUpdateSet({
        total_views: sql`total_views + 1`,
        updated_at: now,
      }),
    )
    .execute();
}
