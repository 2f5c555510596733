import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import { onTestFinished } from 'vitest';
import { createApp } from '../app.ts';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { type LoggedMail, listMails } from '../mail/mail-log.repository.ts';
import { startMailer } from '../mail/mailer.ts';
import { createNotificationJobs, type NotificationJobs } from '../notifications/notification-jobs.ts';
import { createSearchIndexes } from '../search/search-indexes.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';

interface TestRequestInit extends RequestInit {
  /** Host header: picks the campus (default ou.localhost). */
  host?: string;
  /** A session cookie value from `signInAs`. */
  session?: string;
  /** Sent as a JSON body. */
  json?: unknown;
}

export interface TestApp {
  db: Db;
  config: Config;
  /** Every SQL statement the app ran, in order (for query-count tests). */
  queries: CompiledQuery[];
  /** `app.request` as a same-origin browser page on the campus host would send it. */
  request(pathname: string, init?: TestRequestInit): Promise<Response>;
  /** A session for `userId`, as the cookie value. */
  signInAs(userId: string): Promise<string>;
  /** The notifications' job worker: `idle()` resolves once the fan-outs of the writes so far are written. */
  notificationJobs: NotificationJobs;
  /** Mails the loopback SMTP server received, newest first. */
  mails(to?: string): Promise<LoggedMail[]>;
}

/**
 * A fresh, migrated in-memory database with the campus catalogue, the real
 * mailer on a loopback SMTP server, and the whole app around them; closed
 * when the test ends. `env` and `overrides` go into its config.
 */
export async function startTestAppParts(
  options: {
    env?: Record<string, string>;
    overrides?: Partial<Config>;
    onQuery?: (query: CompiledQuery) => void;
    /** The app's clock (boosts run days on a controlled one). */
    clock?: () => number;
  } = {},
) {
  const { db } = openDatabase(':memory:', { onQuery: options.onQuery });
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-test-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env },
    { seedDemo: false, ...options.overrides },
  );
  const logger = createLogger('silent');
  const mailer = await startMailer({ smtpUrl: undefined, from: config.mailFrom, db, logger });
  const notificationJobs = createNotificationJobs({ db, logger, onWritten: () => {} });
  const searchIndexes = createSearchIndexes(db, logger, { maxPostsPerCampus: config.searchMaxPostsPerCampus });
  onTestFinished(async () => {
    await notificationJobs.close();
    await searchIndexes.close();
    await mailer.close();
    await db.destroy();
  });
  return {
    db,
    config,
    notificationJobs,
    app: createApp({ db, config, logger, mailer, notificationJobs, searchIndexes, clock: options.clock }),
  };
}

/** startTestAppParts() as a same-origin page on the campus host would reach it, with helpers. */
export async function createTestApp(overrides: Partial<Config> = {}, clock?: () => number): Promise<TestApp> {
  const queries: CompiledQuery[] = [];
  const { db, config, app, notificationJobs } = await startTestAppParts({
    overrides,
    clock,
    onQuery: (query) => queries.push(query),
  });
  queries.length = 0;
  return {
    db,
    config,
    queries,
    notificationJobs,
    async request(pathname, { host = 'ou.localhost', session, json, headers, ...init } = {}) {
      const method = init.method ?? (json === undefined ? 'GET' : 'POST');
      const extra: Record<string, string> = {};
      if (session) extra.cookie = `session=${session}`;
      if (json !== undefined) extra['content-type'] = 'application/json';
      if (method !== 'GET') extra.origin = `http://${host}`;
      return await app.request(pathname, {
        ...init,
        method,
        headers: { host, ...extra, ...headers },
        body: json === undefined ? init.body : JSON.stringify(json),
      });
    },
    async signInAs(userId) {
      const token = generateSessionToken();
      await createSession(db, token, userId);
      return token;
    },
    mails: (to) => listMails(db, { to, limit: 50 }),
  };
}
