import { createECDH, randomBytes } from 'node:crypto';
import type { PushSubscriptionRequest } from '@campus/shared/push-requests';
import type { Actor } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';

/** A subscription shaped as a browser's (real key sizes); the endpoint is never called in route tests. */
export function deviceSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  } satisfies PushSubscriptionRequest;
}

export function subscribe(app: TestApp, actor: Partial<Actor>, json: unknown) {
  return app.request('/api/push/subscriptions', { method: 'POST', session: actor.session, host: actor.host, json });
}

export function unsubscribe(app: TestApp, actor: Partial<Actor>, endpoint: string) {
  return app.request('/api/push/subscriptions', {
    method: 'DELETE',
    session: actor.session,
    host: actor.host,
    json: { endpoint },
  });
}

export function endpointsOf(app: TestApp, userId: string) {
  return app.db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'campus_id', 'p256dh'])
    .where('user_id', '=', userId)
    .execute();
}
