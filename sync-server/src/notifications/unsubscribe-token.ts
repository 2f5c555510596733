import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { loadSecretKey } from '../http/secret-key.ts';

const KEY_FILE = 'unsubscribe.key';
/** Names what the MAC is for, so a MAC made with the same key for something else never passes here. */
const PURPOSE = 'unsubscribe-notification-mail';

/** UNSUBSCRIBE_SECRET, or a random key kept in DATA_DIR: links in mails already sent keep working after a restart. */
export function loadUnsubscribeKey(config: Pick<Config, 'unsubscribeSecret' | 'dataDir'>): Buffer {
  return loadSecretKey(config.unsubscribeSecret, config.dataDir, KEY_FILE);
}

function mac(key: Buffer, userId: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}.${userId}`).digest();
}

/**
 * `{userId}.{HMAC-SHA256}` (decision 033): it turns off one user's
 * notification e-mail, signed out, and nothing else. It does not expire: a
 * mail read weeks later still unsubscribes.
 */
export function unsubscribeToken(key: Buffer, userId: string): string {
  return `${userId}.${mac(key, userId).toString('base64url')}`;
}

/** The user id the token was made for, or null for anything not made with this key. */
export function readUnsubscribeToken(key: Buffer, token: string | undefined): string | null {
  const [userId, signature, ...rest] = (token ?? '').split('.');
  if (rest.length > 0 || !userId || !signature || userId.length > 100) return null;
  const expected = mac(key, userId);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
