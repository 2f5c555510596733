import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../config.ts';

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
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
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
