import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { loadSecretKey } from '../http/secret-key.ts';

/**
 * The known-device cookie (issue 18, decision 017): a browser that signed in
 * to an account before carries a signed note saying so, and is let past the
 * per-account lock that strangers' failed sign-ins raise. Without it, anyone
 * could lock the owner out by failing on purpose from many addresses.
 */
const COOKIE = 'known_device';
/** Only sign-in needs it back. */
const COOKIE_PATH = '/api/auth';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const KEY_FILE = 'device-cookie.key';

/** DEVICE_COOKIE_SECRET, or a random key kept in DATA_DIR so cookies survive a restart. */
export function loadDeviceKey(config: Config): Buffer {
  return loadSecretKey(config.deviceCookieSecret, config.dataDir, KEY_FILE);
}

/** The password hash is signed in too: a password change or reset retires every earlier device's note. */
function signature(key: Buffer, user: UserRow, issuedAt: string): Buffer {
  return createHmac('sha256', key)
    .update(`${user.id}.${issuedAt}.${user.password_hash ?? ''}`)
    .digest();
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

export function rememberDevice(c: Context, key: Buffer, user: UserRow, now: number): void {
  const issuedAt = now.toString(36);
  const value = `${user.id}.${issuedAt}.${signature(key, user, issuedAt).toString('base64url')}`;
  setCookie(c, COOKIE, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** True when the request carries a valid, unexpired note for this very account. */
export function isKnownDevice(c: Context, key: Buffer, user: UserRow, now: number): boolean {
  const [userId, issuedAt, mac, ...rest] = (getCookie(c, COOKIE) ?? '').split('.');
  if (rest.length > 0 || userId !== user.id || !issuedAt || !mac) return false;
  const issued = Number.parseInt(issuedAt, 36);
  if (!Number.isFinite(issued) || now - issued > MAX_AGE_SECONDS * 1000) return false;
  const expected = signature(key, user, issuedAt);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
