import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '@campus/sync-server/app';
import { upsertCampusCatalogue } from '@campus/sync-server/campus/campus.repository';
import { loadConfig } from '@campus/sync-server/config';
import { migrateToLatest, openDatabase } from '@campus/sync-server/db/database';
import { createLogger } from '@campus/sync-server/http/logger';
import { startMailer } from '@campus/sync-server/mail/mailer';

const HOST = 'ou.localhost';

/** The real app in this process (real SQLite, real loopback SMTP) on a clock the bench moves. */
export interface GuessingApp {
  /** Simulated milliseconds since the start; the limits read it. */
  elapsedMs: number;
  /** A same-origin browser request from `forwardedFor` (a client address when TRUST_PROXY is on). */
  post(pathname: string, json: unknown, visitor: { session?: string; forwardedFor?: string }): Promise<Response>;
  mailsTo(address: string): Promise<number>;
  close(): Promise<void>;
}

export async function startGuessingApp(trustProxyHops: number): Promise<GuessingApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-guess-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { seedDemo: false, trustProxyHops });
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const logger = createLogger('silent');
  const mailer = await startMailer({ smtpUrl: undefined, from: config.mailFrom, db, logger });
  const startedAt = Date.now();
  const state = { elapsedMs: 0 };
  const app = createApp({ db, config, logger, mailer, clock: () => startedAt + state.elapsedMs });
  return {
    get elapsedMs() {
      return state.elapsedMs;
    },
    set elapsedMs(value: number) {
      state.elapsedMs = value;
    },
    post(pathname, json, { session, forwardedFor }) {
      const headers: Record<string, string> = {
        host: HOST,
        origin: `http://${HOST}`,
        'content-type': 'application/json',
      };
      if (session) headers.cookie = `session=${session}`;
      if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
      return Promise.resolve(app.request(pathname, { method: 'POST', headers, body: JSON.stringify(json) }));
    },
    async mailsTo(address) {
      const row = await db
        .selectFrom('mail_log')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('to_address', '=', address)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async close() {
      await mailer.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
