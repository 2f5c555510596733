import { uuidv7 } from '@campus/shared/ids';
import type { PushSubscriptionRequest } from '@campus/shared/push-requests';
import type { Db } from '../db/database.ts';

/** Devices one student keeps subscribed; a new one beyond it replaces the oldest (issue 35 item 5). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * A device's subscription (decision 034): one row per endpoint. The same
 * endpoint again replaces the row (keys, user, campus and session) when it is
 * the same student's, or comes with the same keys, which only that browser's
 * subscription has (another student signing in on the device): an endpoint
 * alone takes over nobody's pushes.
 * Undefined when it was another's. Beyond PUSH_SUBSCRIPTIONS_PER_USER, the
 * student's oldest rows go.
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
  const saved = await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet({
          p256dh: row.p256dh,
          auth: row.auth,
          user_id: row.user_id,
          campus_id: row.campus_id,
          session_id: row.session_id,
          created_at: row.created_at,
        })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.user_id', '=', row.user_id),
            eb.and([eb('push_subscriptions.p256dh', '=', row.p256dh), eb('push_subscriptions.auth', '=', row.auth)]),
          ]),
        ),
    )
    .returning(['endpoint', 'created_at'])
    .executeTakeFirst();
  if (!saved) return undefined;
  const kept = db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', owner.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PUSH_SUBSCRIPTIONS_PER_USER);
  await db.deleteFrom('push_subscriptions').where('user_id', '=', owner.userId).where('id', 'not in', kept).execute();
  return saved;
}

/** Only the caller's own row: another student's endpoint is left alone (and answered the same). */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

/** The push service said the endpoint is gone (404/410): forget it. */
export async function deleteSubscriptionByEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}
