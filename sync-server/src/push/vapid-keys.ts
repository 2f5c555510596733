import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { type Config, SettingError } from '../config.ts';

/** The server's VAPID identity (RFC 8292): push services tie a device's subscription to this public key. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY_FILE = 'vapid-keys.json';

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair generated on the first
 * start and kept in DATA_DIR (mode 0600): a new pair would orphan every
 * device's subscription, so it must survive restarts.
 */
export function loadVapidKeys(config: Config): VapidKeys {
  const subject = config.vapidSubject;
  if (config.vapidPublicKey || config.vapidPrivateKey) {
    const keys = { publicKey: config.vapidPublicKey ?? '', privateKey: config.vapidPrivateKey ?? '', subject };
    // Fail at start-up, not at the first push: a half-set or mistyped pair would never send anything.
    if (!isKeyPair(keys))
      throw new SettingError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, as a P-256 key pair in base64url',
      );
    return keys;
  }
  const file = path.join(config.dataDir, KEY_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const generated = webPush.generateVAPIDKeys();
  // 'wx': two processes starting at once on one data directory must not each write their own pair.
  try {
    writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(config);
    throw error;
  }
  return { ...generated, subject };
}

/** An uncompressed P-256 public point (65 bytes) and a 32-byte private scalar, base64url. */
function isKeyPair(keys: { publicKey: string; privateKey: string }): boolean {
  const isBase64Url = (value: string) => /^[A-Za-z0-9_-]+$/.test(value);
  return (
    isBase64Url(keys.publicKey) &&
    isBase64Url(keys.privateKey) &&
    Buffer.from(keys.publicKey, 'base64url').length === 65 &&
    Buffer.from(keys.privateKey, 'base64url').length === 32
  );
}
