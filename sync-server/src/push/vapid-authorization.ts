import webPush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/** A token lives 12 hours (RFC 8292 allows 24) and is signed again an hour before it ends. */
const LIFETIME_S = 12 * 60 * 60;
const RENEW_BEFORE_S = 60 * 60;

/**
 * The VAPID `Authorization` header per push service origin, signed once and
 * reused until it nears its end: web-push would sign an ES256 token for every
 * push, and 1,000 pushes to one service would sign 1,000 identical ones.
 */
export function createVapidAuthorization(keys: VapidKeys, nowS: () => number = () => Math.floor(Date.now() / 1000)) {
  const byAudience = new Map<string, { header: string; expiresS: number }>();
  return function authorizationFor(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = byAudience.get(audience);
    const now = nowS();
    if (cached && cached.expiresS - RENEW_BEFORE_S > now) return cached.header;
    const expiresS = now + LIFETIME_S;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiresS,
    );
    byAudience.set(audience, { header: Authorization, expiresS });
    return Authorization;
  };
}
