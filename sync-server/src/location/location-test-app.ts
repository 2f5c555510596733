import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { createApp } from '../app.ts';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { startMailer } from '../mail/mailer.ts';

// Addresses geoip-lite's bundled data places (checked against geoip-lite 1.4.10).
export const US_ADDRESS = '8.8.8.8'; // US, America/Chicago
export const UK_ADDRESS = '81.2.69.142'; // GB, Europe/London

/** The whole app, with requests arriving over a socket from `remoteAddress`; `env` adds settings (TRUST_PROXY). */
export async function appSeenFrom(env: Record<string, string> = {}) {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-location-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, { seedDemo: false });
  const logger = createLogger('silent');
  const mailer = await startMailer({ smtpUrl: undefined, from: config.mailFrom, db, logger });
  onTestFinished(async () => {
    await mailer.close();
    await db.destroy();
  });
  const app = createApp({ db, config, logger, mailer });
  const headers = { host: 'ou.localhost', origin: 'http://ou.localhost' };
  const socket = (remoteAddress: string) => ({
    incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' } },
  });
  return {
    db,
    post(pathname: string, json: unknown, remoteAddress: string, timeZone = '') {
      return app.request(
        pathname,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'x-time-zone': timeZone },
          body: JSON.stringify(json),
        },
        socket(remoteAddress),
      );
    },
    get(pathname: string, remoteAddress: string, extraHeaders: Record<string, string> = {}) {
      return app.request(pathname, { headers: { ...headers, ...extraHeaders } }, socket(remoteAddress));
    },
  };
}
