import { AD_IN_PROGRESS_STATUSES, AD_MESSAGES } from '@campus/shared/ad-rules';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AdRow, AdTable } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** The viewer's ads on this campus, newest first (spec 3 §7: by user, createdAt desc); deleted ones are gone. */
export function listOwnAds(db: Db, campusId: string, userId: string): Promise<AdRow[]> {
  return db
    .selectFrom('ads')
    .selectAll()
    .where('campus_id', '=', campusId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The owner's ad by id on this campus; anyone else's (or another campus's) is 'Ad not found'. */
export async function requireOwnAd(db: Db, campusId: string, userId: string, adId: string): Promise<AdRow> {
  const ad = await db
    .selectFrom('ads')
    .selectAll()
    .where('id', '=', adId)
    .where('campus_id', '=', campusId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!ad) throw new AppError('not_found', AD_MESSAGES.notFound);
  return ad;
}

export function findAdBySession(db: Db, sessionId: string): Promise<AdRow | undefined> {
  return db.selectFrom('ads').selectAll().where('checkout_session_id', '=', sessionId).executeTakeFirst();
}

/** spec 3 §2 Boost page: an ad of this post in progress (active, paused, scheduled, in review). */
export async function hasAdInProgress(db: Db, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ads')
    .select('id')
    .where('post_id', '=', postId)
    .where('deleted_at', 'is', null)
    .where('status', 'in', [...AD_IN_PROGRESS_STATUSES])
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes `changes` to one ad and answers the row as it is now. */
export async function updateAd(db: Db, id: string, changes: Updateable<AdTable>, at: number): Promise<AdRow> {
  return db
    .updateTable('ads')
    .set({ ...changes, last_modified: new Date(at).toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function adById(db: Db, id: string): Promise<AdRow> {
  return db.selectFrom('ads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The lifecycle pass's read of every campus's running ads (by the partial index `ads_active`). */
export function activeAdsQuery(db: Db) {
  return db.selectFrom('ads').selectAll().where('status', '=', 'active');
}

/** Checkouts made before `before` and still open (by the partial index `ads_open_checkouts`). */
export function openCheckoutsBeforeQuery(db: Db, before: string) {
  return db
    .selectFrom('ads')
    .select(['id', 'checkout_session_id'])
    .where('status', '=', 'checkout')
    .where('deleted_at', 'is', null)
    .where('created_at', '<', before);
}
