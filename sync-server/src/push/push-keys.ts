import { ECDH } from 'node:crypto';

/** RFC 8291: a device's auth secret is 16 bytes. */
const AUTH_BYTES = 16;

/** RFC 8291: the device's key is an uncompressed point on P-256 (not just 65 bytes). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Whether a push can be encrypted for these keys at all (subscribe time, and rows stored before the check). */
export function arePushKeysUsable(keys: { p256dh: string; auth: string }): boolean {
  return isP256Point(keys.p256dh) && Buffer.from(keys.auth, 'base64url').length === AUTH_BYTES;
}
