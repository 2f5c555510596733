/**
 * Web push (issue 21, decision 034): the answers of /api/push and what a
 * push carries. Free of zod; the request schemas are in push-requests.ts.
 */

/** GET /api/push/key: the server's VAPID public key (base64url, 65 bytes uncompressed P-256). */
export interface PushKeyDto {
  publicKey: string;
}

/** POST /api/push/subscriptions answers the device's row. */
export interface PushSubscriptionDto {
  endpoint: string;
  createdAt: string;
}

/**
 * The decrypted body of every push (JSON): what the service worker shows.
 * `title` and `body` use the in-app row's words (notification-text.ts);
 * `url` is the route a click opens; `tag` is the notification row's id, so a
 * merged row's later push replaces its earlier one on the device; `icon` is
 * the campus's install icon (the worker does not know which campus it serves).
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  icon: string;
}

/** Words of the push prompt and settings (ours; the spec has no push screens). */
export const PUSH_MESSAGES = {
  why: 'Get a ping when someone messages you or comments on your listing.',
  turnOn: 'Turn on',
  notNow: 'Not now',
  iosHomeScreen:
    'On iPhone and iPad, add Campus Buy / Sell to your Home Screen first (Share, then Add to Home Screen), then turn on notifications from there.',
  denied: 'Notifications are blocked for this site. Allow them in your browser settings to turn them on.',
  unsupported: 'This browser cannot show push notifications.',
  deviceSwitch: 'Push notifications on this device',
  invalidSubscription: 'The push subscription is not valid.',
  subscribedElsewhere: 'This device already receives notifications for another account.',
} as const;
