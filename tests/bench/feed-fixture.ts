import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp } from '@campus/sync-server/app';
import { upsertCampusCatalogue } from '@campus/sync-server/campus/campus.repository';
import { loadConfig } from '@campus/sync-server/config';
import { migrateToLatest, openDatabase } from '@campus/sync-server/db/database';
import { createLogger } from '@campus/sync-server/http/logger';
import { startMailer } from '@campus/sync-server/mail/mailer';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { type SeedCounts, seedFeedCampus } from './feed-seed.ts';
import { createRandom, makePlaceholders } from './seed-content.ts';

/** The path of an absolute URL, without its query: `http://host:1/a/b?c` → `/a/b`. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

export interface FeedFixture {
  port: number;
  /** Cookie headers of distinct signed-in students of the campus (options.sessions of them). */
  sessionCookies: string[];
  /** The first feed page's body, served again from memory by `barePath`. */
  bytes: Uint8Array;
  counts: SeedCounts;
  seedMs: number;
  analyzeMs: number;
  close(): Promise<void>;
}

export interface FeedFixtureOptions {
  host: string;
  users: number;
  posts: number;
  firstPagePath: string;
  barePath: string;
  /** How many students to sign in, each with a session of their own. */
  sessions: number;
}

/**
 * A temporary data directory and SQLite file, migrated and seeded, and the
 * real app served on 127.0.0.1 beside a bare route answering the first feed
 * page's bytes from memory: same process, same HTTP stack, no middleware.
 */
export async function startFeedFixture(options: FeedFixtureOptions): Promise<FeedFixture> {
  const cleanups: Array<() => Promise<void>> = [];
  async function close(): Promise<void> {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    }
    cleanups.length = 0;
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  try {
    await mkdir(path.join(dataDir, 'media'), { recursive: true });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, seedDemo: false });
    const { db, sqlite } = openDatabase(config.databaseFile);
    cleanups.push(() => db.destroy());
    await migrateToLatest(db);
    await upsertCampusCatalogue(db, undefined);

    const seedStarted = performance.now();
    const placeholders = await makePlaceholders(16, createRandom(7));
    const counts = seedFeedCampus(sqlite, { campusId: 'ou', users: options.users, posts: options.posts, placeholders });
    const seedMs = performance.now() - seedStarted;
    // Statistics for the planner, as a server running `PRAGMA optimize` would have; the feed plans are the same without.
    const analyzeStarted = performance.now();
    sqlite.exec('ANALYZE');
    const analyzeMs = performance.now() - analyzeStarted;

    // Real sessions of distinct students, as their browsers hold them; some of them saved posts (feed-seed.ts).
    const students = await db
      .selectFrom('users')
      .select('id')
      .where('campus_id', '=', 'ou')
      .limit(options.sessions)
      .execute();
    const sessionCookies: string[] = [];
    const recent = sqlite
      .prepare('select id from posts where campus_id = ? and parent_id is null order by last_modified desc limit 500')
      .pluck()
      .all('ou') as string[];
    const save = sqlite.prepare('insert or ignore into saves (post_id, user_id, created_at) values (?, ?, ?)');
    const block = sqlite.prepare('insert or ignore into blocks (blocker_id, blocked_id, created_at) values (?, ?, ?)');
    const now = new Date().toISOString();
    for (const [index, student] of students.entries()) {
      const token = generateSessionToken();
      await createSession(db, token, student.id);
      sessionCookies.push(`session=${token}`);
      // Each saved a few of the recent posts; one in 50 blocked someone (their pages are built for them).
      for (let k = 0; k < 5; k++) save.run(recent[(index * 7 + k * 31) % recent.length], student.id, now);
      const other = students[(index + 1) % students.length];
      if (index % 50 === 0 && other) block.run(student.id, other.id, now);
    }

    // The real server logs every request at info (server.ts): the same logger, written synchronously to
    // a file as to a redirected stdout, so its cost is measured rather than silenced.
    const logFile = openSync(path.join(dataDir, 'server.log'), 'a');
    // Lines still pending at the end are written on exit, to a closed file: they are dropped instead.
    let isLogOpen = true;
    cleanups.push(async () => {
      isLogOpen = false;
      closeSync(logFile);
    });
    const logger = createLogger('info', {
      info: (text) => {
        if (isLogOpen) writeSync(logFile, text);
      },
      error: (text) => process.stderr.write(text),
    });
    const mailer = await startMailer({ smtpUrl: undefined, from: config.mailFrom, db, logger });
    cleanups.push(() => mailer.close());
    const app = createApp({ db, config, logger, mailer });
    const firstPage = await app.request(options.firstPagePath, { headers: { host: options.host } });
    if (firstPage.status !== 200) throw new Error(`the feed answered ${firstPage.status}: ${await firstPage.text()}`);
    const bytes = new Uint8Array(await firstPage.arrayBuffer());

    // The bare route is a Hono app of its own beside the real one, chosen by path. Mounting the real
    // app inside another (`root.route('/', app)`) would wrap each of its handlers in a second error
    // handler's compose, a cost the real server (serve({ fetch: app.fetch })) does not pay.
    const bare = new Hono().get(options.barePath, (c) => c.body(bytes, 200, { 'content-type': 'application/json' }));
    const fetch: typeof app.fetch = (request, env, executionContext) =>
      pathOf(request.url) === options.barePath
        ? bare.fetch(request, env, executionContext)
        : app.fetch(request, env, executionContext);
    const server: ServerType = await new Promise((resolve) => {
      const instance = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(instance));
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('the server has no port');
    return { port: address.port, sessionCookies, bytes, counts, seedMs, analyzeMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}
