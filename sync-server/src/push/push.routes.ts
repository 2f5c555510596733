import type { PushKeyDto, PushSubscriptionDto } from '@campus/shared/push-api';
import { pushSubscriptionRequestSchema, removePushSubscriptionRequestSchema } from '@campus/shared/push-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { deleteOwnSubscription, saveSubscription } from './push-subscriptions.repository.ts';

/**
 * Web push (issue 21, decision 034), mounted at /api/push: the VAPID public
 * key a device subscribes with, and adding or removing this device's
 * subscription. A subscription belongs to the session that made it (logout
 * deletes it) and to this campus (pushes come from its notifications only).
 */
export function pushRoutes(context: AppContext) {
  const { db, vapidKeys } = context;

  return new Hono<AppEnv>()
    .get('/key', (c) => {
      const body: PushKeyDto = { publicKey: vapidKeys.publicKey };
      return c.json(body);
    })
    .post('/subscriptions', async (c) => {
      const viewer = requireViewer(c);
      const subscription = await readJson(c, pushSubscriptionRequestSchema);
      const owner = {
        userId: viewer.id,
        campusId: c.get('campus').id,
        // requireViewer passed, so the request came with a session.
        sessionId: c.get('sessionId') ?? '',
        at: new Date(context.now()).toISOString(),
      };
      const row = await saveSubscription(db, owner, subscription);
      const body: PushSubscriptionDto = { endpoint: row.endpoint, createdAt: row.created_at };
      return c.json(body, 201);
    })
    .delete('/subscriptions', async (c) => {
      const viewer = requireViewer(c);
      const { endpoint } = await readJson(c, removePushSubscriptionRequestSchema);
      await deleteOwnSubscription(db, viewer.id, endpoint);
      return c.body(null, 204);
    });
}
