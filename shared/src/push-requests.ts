/**
 * POST and DELETE /api/push/subscriptions (issue 21, decision 034): the
 * request schemas, read by the handlers and typing the web's calls (decision
 * 031). The body is what `PushSubscription.toJSON()` gives in a browser.
 */
import { PUSH_MESSAGES } from './push-api.ts';
import { z } from './zod.ts';

const INVALID = PUSH_MESSAGES.invalidSubscription;
/** Longest endpoint accepted; real push services' URLs are a few hundred characters. */
const ENDPOINT_MAX = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Bytes of a base64url string without padding, or -1 when it is not one. */
function base64UrlBytes(value: string): number {
  if (!BASE64URL.test(value) || value.length % 4 === 1) return -1;
  return Math.floor((value.length * 3) / 4);
}

/** RFC 8291: the device's key is an uncompressed P-256 point (65 bytes), its auth secret 16 bytes. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

const endpointSchema = z
  .string({ error: INVALID })
  .max(ENDPOINT_MAX, INVALID)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    // A push service is always HTTPS (RFC 8030); an endpoint with credentials is not one.
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  }, INVALID);

export const pushSubscriptionRequestSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number({ error: INVALID }).nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: INVALID })
        .max(100, INVALID)
        .refine((value) => base64UrlBytes(value) === P256DH_BYTES, INVALID),
      auth: z
        .string({ error: INVALID })
        .max(30, INVALID)
        .refine((value) => base64UrlBytes(value) === AUTH_BYTES, INVALID),
    },
    { error: INVALID },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const removePushSubscriptionRequestSchema = z.object({ endpoint: endpointSchema });
export type RemovePushSubscriptionRequest = z.infer<typeof removePushSubscriptionRequestSchema>;
