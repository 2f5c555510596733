import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Agent } from 'node:https';
import path from 'node:path';
import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { type ServerType, serve } from '@hono/node-server';
import { startAdLifecycleJob } from './ads/ad-lifecycle-job.ts';
import { createPaymentGateway } from './ads/payments/payment-setup.ts';
import { type AppType, createApp } from './app.ts';
import { loadBannedEmails } from './auth/banned-emails.ts';
import { campusSiteOrigin } from './auth/site-origin.ts';
import { campusForHost } from './campus/campus.middleware.ts';
import { upsertCampusCatalogue } from './campus/campus.repository.ts';
import { repairChatInboxes } from './chats/chat-inbox-repair.ts';
import { chatMessageRateOf } from './chats/chat-message-rate.ts';
import { type ChatRooms, createChatRooms } from './chats/chat-rooms.ts';
import { createChatSocket } from './chats/chat-socket.ts';
import type { Config } from './config.ts';
import { type Db, migrateToLatest, openDatabase, optimizeStatistics, sqliteOf } from './db/database.ts';
import { pruneViewerChanges } from './db/read-cache.ts';
import { seedDemoData } from './demo/seed.ts';
import { createLogger, type Logger } from './http/logger.ts';
import { routeUpgrades } from './http/upgrade-router.ts';
import { type Mailer, startMailer } from './mail/mailer.ts';
import { createNotificationJobs, type NotificationJobs } from './notifications/notification-jobs.ts';
import { startNotificationMail } from './notifications/notification-mail-worker.ts';
import { loadUnsubscribeKey } from './notifications/unsubscribe-token.ts';
import { assertProductionSettings } from './production-settings.ts';
import { createPushSender, type PushSender } from './push/push-sender.ts';
import { pushServiceHosts } from './push/push-service-hosts.ts';
import { loadVapidKeys } from './push/vapid-keys.ts';
import { createSearchIndexes } from './search/search-indexes.ts';
import { createSessionSockets, endBannedSessions, type SessionSockets } from './sessions/session-sockets.ts';
import { logStartupModes } from './startup-log.ts';
import { type ChangeHub, createChangeHub } from './sync/change-hub.ts';
import { pruneChanges } from './sync/changes.repository.ts';
import { pruneReceipts } from './sync/idempotent-writes.ts';
import { createSyncSocket } from './sync/sync-socket.ts';

/** Change notices older than this are dropped; a client away longer reloads what it shows. */
const CHANGE_LOG_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

export interface RunningServer {
  port: number;
  url: string;
  db: Db;
  /** The SQLite file (benches read it on a connection of their own). */
  databaseFile: string;
  logger: Logger;
  mailer: Mailer;
  changeHub: ChangeHub;
  /** The chats' Y.Docs in memory (issue 6). */
  chatRooms: ChatRooms;
  /** The notifications' job worker (decision 032): benches and tests wait for its fan-outs. */
  notificationJobs: NotificationJobs;
  /** The HTTP app (its `routes` are what the authorization matrix checks its rows against). */
  app: AppType;
  /** The WebSocket paths the upgrade router serves, as `/api/chats/sync/:chatId`. */
  socketPaths: readonly string[];
  /** Open sockets by session: ending a session closes them (issue 18). */
  sessionSockets: SessionSockets;
  /** The web-push worker (decision 034); tests and benches wait on `idle()`. */
  pushSender: PushSender;
  /** Connected sync sockets (tests and benches read it). */
  readonly socketCount: number;
  /** Connected chat sockets. */
  readonly chatSocketCount: number;
  close(): Promise<void>;
}

/**
 * Opens and migrates the database, fills an empty one with demo data, and
 * listens. `port: 0` picks a free port (tests).
 */
export async function startServer(config: Config): Promise<RunningServer> {
  // Before anything is opened or written: production without a required setting stops here (issue 42).
  assertProductionSettings(config);
  const logger = createLogger(config.logLevel);
  if (config.databaseFile !== ':memory:') await mkdir(path.dirname(config.databaseFile), { recursive: true });
  await mkdir(path.join(config.dataDir, 'media'), { recursive: true });
  // Uploads being received when the last process stopped (uploads/receive-file.ts).
  await rm(path.join(config.dataDir, 'tmp', 'uploads'), { recursive: true, force: true });

  const { db, walCheckpointer } = openDatabase(config.databaseFile);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info('migrations applied', { applied });
  optimizeStatistics(db, 'open');
  await upsertCampusCatalogue(db, config.baseDomain);
  // Before any chat socket: a crash may have lost inbox columns the chat rooms had gathered.
  await repairChatInboxes(db, logger);
  if (config.seedDemo) {
    const seeded = await seedDemoData(db, config.dataDir, { artCacheDir: config.demoArtCache });
    if (seeded) logger.info('demo data created', seeded);
  }

  // The banned list is read at start-up: a banned account's sessions end before anything listens.
  const bannedSessions = await endBannedSessions(db, loadBannedEmails(config.bannedEmailsFile));
  if (bannedSessions > 0) logger.info('sessions of banned e-mails ended', { sessions: bannedSessions });

  const mailer = await startMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, logger });
  const sessionSockets = createSessionSockets(db);
  const housekeeping = async () => {
    // Sockets of sessions that expired since they opened close here (within the hour).
    await sessionSockets.sweep();
    await pruneReceipts(db);
    await pruneChanges(db, CHANGE_LOG_TTL_MS);
    pruneViewerChanges(sqliteOf(db));
    optimizeStatistics(db, 'hourly');
  };
  await housekeeping();
  const housekeepingTimer = setInterval(() => {
    housekeeping().catch((error: unknown) => logger.error('housekeeping failed', { error: String(error) }));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeepingTimer.unref();

  const vapidKeys = loadVapidKeys(config);
  const pushHosts = pushServiceHosts(config.pushServiceHosts);
  const pushSender = createPushSender({
    db,
    logger,
    vapidKeys,
    concurrency: config.pushConcurrency,
    ttlSeconds: config.pushTtlSeconds,
    isAllowedEndpoint: pushHosts.isAllowedEndpoint,
    // PUSH_CA_FILE (tests): trust the stand-in push service's certificate, for pushes only.
    agent: new Agent({
      keepAlive: true,
      maxSockets: config.pushConcurrency,
      // A browser push service's name must resolve to public addresses, checked as the socket connects.
      lookup: pushHosts.lookup,
      ...(config.pushCaFile ? { ca: readFileSync(config.pushCaFile) } : {}),
    }),
  });
  // Every write the hub hears of (HTTP writes, chat inbox writes) also wakes the push worker.
  const changeHub = createChangeHub(db, logger, () => pushSender.poke());
  const chatRooms = createChatRooms({ db, logger, changeHub, messageRate: chatMessageRateOf(config) });
  const notificationJobs = createNotificationJobs({ db, logger, onWritten: () => changeHub.poke() });
  // Fan-outs whose comments committed before the last process stopped.
  void notificationJobs.start();
  const searchIndexes = createSearchIndexes(db, logger, { maxPostsPerCampus: config.searchMaxPostsPerCampus });
  const payments = createPaymentGateway(config, db);
  logStartupModes(logger, config, payments.mode);
  const app = createApp({
    payments,
    db,
    config,
    logger,
    mailer,
    changeHub,
    chatRooms,
    sessionSockets,
    notificationJobs,
    vapidKeys,
    searchIndexes,
  });
  const server: ServerType = await new Promise((resolve) => {
    const instance = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(instance));
  });
  const campusOf = campusForHost(config);
  const syncSocket = createSyncSocket({ db, hub: changeHub, logger, campusOf, sessionSockets });
  const chatSocket = createChatSocket({ db, rooms: chatRooms, campusOf, sessionSockets });
  const upgrades = routeUpgrades(
    server as import('node:http').Server,
    [
      { path: SYNC_SOCKET_PATH, matches: (pathname) => pathname === SYNC_SOCKET_PATH, handle: syncSocket.upgrade },
      {
        path: `${CHAT_SOCKET_PREFIX}:chatId`,
        matches: (pathname) => pathname.startsWith(CHAT_SOCKET_PREFIX),
        handle: chatSocket.upgrade,
      },
    ],
    logger,
  );
  // After listening: requests are served while the campuses' indexes build, a step at a time (decision 035).
  const campusIds = (await db.selectFrom('campuses').select('id').execute()).map((row) => row.id);
  void searchIndexes
    .warm(campusIds)
    .catch((error: unknown) => logger.error('search warm-up failed', { error: String(error) }));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Batched notification e-mail (decision 033): after listening, so its links carry the real port.
  const notificationMail = startNotificationMail({
    db,
    mailer,
    logger,
    key: loadUnsubscribeKey(config),
    originOf: (subdomain) => campusSiteOrigin(subdomain, config.baseDomain, port),
    bannedEmails: loadBannedEmails(config.bannedEmailsFile),
    quietMs: config.notificationMailQuietMs,
    maxWaitMs: config.notificationMailMaxWaitMs,
    intervalMs: config.notificationMailIntervalMs,
  });

  // Completion, daily accrual and daily billing of the ads (decision 040); restart-safe, each pass idempotent.
  const adLifecycle = startAdLifecycleJob({
    db,
    payments,
    logger,
    clock: Date.now,
    intervalMs: config.adLifecycleIntervalMs,
  });

  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= (async () => {
      clearInterval(housekeepingTimer);
      upgrades.close();
      syncSocket.close();
      chatSocket.close();
      // Chat docs store what they hold and compact before the database closes.
      await chatRooms.close();
      // Stop accepting, let in-flight requests finish (bounded), then close the database last.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          resolve();
        }, config.shutdownTimeoutMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await adLifecycle.stop();
      // A mail being sent finishes before the mailer closes.
      await notificationMail.stop();
      await mailer.close();
      await notificationJobs.close();
      await pushSender.close();
      await changeHub.idle();
      await searchIndexes.close();
      // The checkpoint worker stops first; its last checkpoint empties the WAL file.
      await walCheckpointer.stop();
      await db.destroy();
    })();
    return closing;
  }

  return {
    port,
    url: `http://localhost:${port}`,
    db,
    databaseFile: config.databaseFile,
    logger,
    mailer,
    changeHub,
    chatRooms,
    notificationJobs,
    app,
    socketPaths: upgrades.paths,
    sessionSockets,
    pushSender,
    get socketCount() {
      return syncSocket.clientCount;
    },
    get chatSocketCount() {
      return chatSocket.clientCount;
    },
    close,
  };
}
