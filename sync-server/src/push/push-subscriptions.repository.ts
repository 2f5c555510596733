import { uuidv7 } from '@campus/shared/ids';
import type { PushSubscriptionRequest } from '@campus/shared/push-requests';
import type { Db } from '../db/database.ts';

/**
 * A device's subscription (decision 034): one row per endpoint. The same
 * endpoint again (a re-subscribe, or another student signing in on the
 * device) replaces the row, with the new keys, user, campus and session.
 */
export async function saveSubscription(
  db: Db,
  owner: { userId: string; campusId: string; sessionId: string; at: string },
  subscription: PushSubscriptionRequest,
) {
  const row = {
    id: uuidv7(),
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    user_id: owner.userId,
    campus_id: owner.campusId,
    session_id: owner.sessionId,
    created_at: owner.at,
  };
  return db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet({
        p256dh: row.p256dh,
        auth: row.auth,
        user_id: row.user_id,
        campus_id: row.campus_id,
        session_id: row.session_id,
        created_at: row.created_at,
      }),
    )
    .returning(['endpoint', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Only the caller's own row: another student's endpoint is left alone (and answered the same). */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** The push service said the endpoint is gone (404/410): forget it. */
export async function deleteSubscriptionByEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}
