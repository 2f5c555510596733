import { PUSH_MESSAGES, type PushKeyDto, type PushSubscriptionDto } from '@campus/shared/push-api';
import { pushSubscriptionRequestSchema, removePushSubscriptionRequestSchema } from '@campus/shared/push-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';
import { arePushKeysUsable } from './push-keys.ts';
import { pushServiceHosts } from './push-service-hosts.ts';
import { deleteOwnSubscription, saveSubscription } from './push-subscriptions.repository.ts';

/**
 * Web push (issue 21, decision 034), mounted at /api/push: the VAPID public
 * key a device subscribes with, and adding or removing this device's
 * subscription. A subscription belongs to the session that made it (logout
 * deletes it) and to this campus (pushes come from its notifications only).
 */
export function pushRoutes(context: AppContext) {
  const { db, vapidKeys } = context;
  const hosts = pushServiceHosts(context.config.pushServiceHosts);

  return new Hono<AppEnv>()
    .get('/key', (c) => {
      const body: PushKeyDto = { publicKey: vapidKeys.publicKey };
      return c.json(body);
    })
    .post('/subscriptions', async (c) => {
      const viewer = requireViewer(c);
      const subscription = await readJson(c, pushSubscriptionRequestSchema);
      // Only a browser's push service (no address of the student's choosing), with a key on the curve.
      if (!hosts.isAllowedEndpoint(subscription.endpoint) || !arePushKeysUsable(subscription.keys)) {
        throw new AppError('validation_failed', [{ msg: PUSH_MESSAGES.invalidSubscription, field: 'endpoint' }]);
      }
      const owner = {
        userId: viewer.id,
        campusId: c.get('campus').id,
        // requireViewer passed, so the request came with a session.
        sessionId: c.get('sessionId') ?? '',
        at: new Date(context.now()).toISOString(),
      };
      const row = await saveSubscription(db, owner, subscription);
      // The endpoint is another account's device subscription, and these are not its keys.
      if (!row) throw new AppError('conflict', PUSH_MESSAGES.subscribedElsewhere);
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
