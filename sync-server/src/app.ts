import { GENERIC_MESSAGES } from '@campus/shared/errors';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { aboutRoutes } from './about/about.routes.ts';
import { accountRoutes } from './account/account.routes.ts';
import { adRoutes } from './ads/ads.routes.ts';
import type { PaymentGateway } from './ads/payments/payment-gateway.ts';
import { createPaymentGateway, isTestModeGateway } from './ads/payments/payment-setup.ts';
import { testCheckoutRoutes } from './ads/payments/test-checkout.routes.ts';
import { postAnalyticsRoutes } from './ads/post-analytics.routes.ts';
import { stripeWebhookRoutes } from './ads/stripe-webhook.routes.ts';
import type { AppContext } from './app-context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { loadBannedEmails } from './auth/banned-emails.ts';
import { googleRoutes } from './auth/google/google.routes.ts';
import { loadDeviceKey } from './auth/known-device.ts';
import { siteHandoffApiRoutes, siteHandoffStartRoutes } from './auth/site-handoff.routes.ts';
import { blockRoutes } from './blocks/blocks.routes.ts';
import { brandRoutes } from './brand/brand.routes.ts';
import { resolveCampus } from './campus/campus.middleware.ts';
import { campusRoutes } from './campus/campus.routes.ts';
import { campusSearchRoutes } from './campus/campus-search.routes.ts';
import { chatMessageRateOf } from './chats/chat-message-rate.ts';
import { type ChatRooms, createChatRooms } from './chats/chat-rooms.ts';
import { chatRoutes } from './chats/chats.routes.ts';
import { userSearchRoutes } from './chats/user-search.routes.ts';
import { commentRoutes } from './comments/comments.routes.ts';
import type { Config } from './config.ts';
import { type Db, sqliteOf } from './db/database.ts';
import { healthRoutes } from './health/health.routes.ts';
import { AppError } from './http/app-error.ts';
import { cachedRouter } from './http/cached-router.ts';
import { closeUnreadBodies } from './http/close-unread-bodies.ts';
import { compressResponses } from './http/compress.ts';
import { contentSecurityHeaders } from './http/content-security.ts';
import type { AppEnv } from './http/env.ts';
import type { Logger } from './http/logger.ts';
import { createErrorHandler } from './http/on-error.ts';
import { requestLog } from './http/request-log.ts';
import { createMediaGate } from './limits/media-gate.ts';
import { createAccountLimiters } from './limits/rate-limiter.ts';
import { devMailRoutes } from './mail/dev-mail.routes.ts';
import type { Mailer } from './mail/mailer.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { createNotificationJobs, type NotificationJobs } from './notifications/notification-jobs.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { unsubscribeApiRoutes, unsubscribePageRoutes } from './notifications/unsubscribe.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { createFeedCache, feedGenerationReader } from './posts/feed-cache.ts';
import { postItemRoutes } from './posts/post-item.routes.ts';
import { postRoutes } from './posts/posts.routes.ts';
import { profileRoutes } from './profiles/profiles.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { loadVapidKeys, type VapidKeys } from './push/vapid-keys.ts';
import { reportRoutes } from './reports/reports.routes.ts';
import { saveRoutes } from './saves/saves.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { createSearchIndexes, type SearchIndexes } from './search/search-indexes.ts';
import { createSessionSockets, type SessionSockets } from './sessions/session-sockets.ts';
import { loadViewer, sameOriginWrites } from './sessions/viewer.middleware.ts';
import { type ChangeHub, createChangeHub } from './sync/change-hub.ts';
import { idempotentWrites } from './sync/idempotent-writes.ts';
import { uploadFileRoutes } from './uploads/upload-files.routes.ts';
import { uploadRoutes } from './uploads/uploads.routes.ts';
import { emailCheckRoutes } from './users/email-check.routes.ts';
import { verificationRoutes } from './verification/verification.routes.ts';
import { staticRoutes } from './web/static.routes.ts';

export interface AppDependencies {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  /** Live change notices (issue 5); server.ts shares one with the sync socket. */
  changeHub?: ChangeHub;
  /** The chats' Y.Docs in memory (issue 6); server.ts shares them with the chat socket. */
  chatRooms?: ChatRooms;
  /** Open sockets by session (issue 18): server.ts shares them with both sockets, so ending a session closes them. */
  sessionSockets?: SessionSockets;
  /** The notifications' job worker (decision 032); server.ts starts it and stops it before the database closes. */
  notificationJobs?: NotificationJobs;
  /** The search indexes (decision 035): server.ts warms them after listening; tests build them on first search. */
  searchIndexes?: SearchIndexes;
  /** Names this process's run, so a mutation left half-done by an earlier one can be taken over. */
  bootId?: string;
  /** The account limits' clock (issue 18): the code-guessing bench runs an hour in simulated time. */
  clock?: () => number;
  /** The web-push identity; server.ts shares it with the push worker. */
  vapidKeys?: VapidKeys;
  /** Stripe or the test-mode checkout (decision 041); server.ts shares it with the ads' lifecycle job. */
  payments?: PaymentGateway;
}

/** Builds the whole HTTP app; `server.ts` gives it a socket, tests call `app.request()`. */
export function createApp({
  db,
  config,
  logger,
  mailer,
  changeHub = createChangeHub(db, logger),
  chatRooms = createChatRooms({ db, logger, changeHub, messageRate: chatMessageRateOf(config) }),
  sessionSockets = createSessionSockets(db),
  notificationJobs = createNotificationJobs({ db, logger, onWritten: () => changeHub.poke() }),
  searchIndexes = createSearchIndexes(db, logger, { maxPostsPerCampus: config.searchMaxPostsPerCampus }),
  bootId = crypto.randomUUID(),
  clock = Date.now,
  vapidKeys = loadVapidKeys(config),
  payments = createPaymentGateway(config, db),
}: AppDependencies) {
  const context: AppContext = {
    db,
    config,
    logger,
    mailer,
    limiters: createAccountLimiters(config),
    bannedEmails: loadBannedEmails(config.bannedEmailsFile),
    now: () => clock(),
    deviceKey: loadDeviceKey(config),
    sessionSockets,
    mediaGate: createMediaGate(config.mediaConcurrency),
    notificationJobs,
    vapidKeys,
    searchIndexes,
    payments,
  };
  const feedCache = createFeedCache(feedGenerationReader(sqliteOf(db)));
  const jsonBodyLimit = bodyLimit({
    maxSize: config.maxJsonBytes,
    onError: () => {
      throw new AppError('payload_too_large', GENERIC_MESSAGES.tooLarge);
    },
  });
  /** File routes carry bodies far larger than JSON and set their own limits. */
  const FILE_ROUTES = ['/api/uploads', '/api/account/photo'];
  const api = new Hono<AppEnv>()
    .use(function limitJsonBodies(c, next) {
      // Reads have no body; skipping them spares building a full Request per GET (tests/bench/feed).
      const hasNoJsonBody =
        c.req.method === 'GET' ||
        c.req.method === 'HEAD' ||
        FILE_ROUTES.some((prefix) => c.req.path.startsWith(prefix));
      return hasNoJsonBody ? next() : jsonBodyLimit(c, next);
    })
    .use(sameOriginWrites())
    .use(function announceWrites(c, next) {
      // A read passes straight on, without a promise of its own (issue 25).
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      return next().then(() => {
        if (c.res.status < 400) {
          feedCache.clear();
          changeHub.poke();
          searchIndexes.poke();
        }
      });
    })
    .use(loadViewer(db))
    .use(idempotentWrites(db, bootId))
    .route('/health', healthRoutes(db))
    .route(
      '/campus',
      campusRoutes(db, {
        boostsAvailable: payments.mode !== 'off',
        googleSignInAvailable: Boolean(config.googleClientId && config.googleClientSecret),
      }),
    )
    .route('/campus', aboutRoutes(context))
    .route('/campuses', campusSearchRoutes(context))
    .route('/users', emailCheckRoutes(context))
    .route('/auth', authRoutes(context))
    .route('/auth', siteHandoffApiRoutes(context))
    .route('/verification', verificationRoutes(context))
    .route('/account', accountRoutes(context))
    // /posts/feed before /posts/:id, or the item routes would take 'feed' for an id.
    .route('/posts', postRoutes(db, feedCache))
    .route('/posts', mediaRoutes(context))
    .route('/posts', postItemRoutes(context))
    .route('/posts', commentRoutes(context))
    .route('/posts', postAnalyticsRoutes(context))
    .route('/', saveRoutes(context))
    .route('/', blockRoutes(context))
    .route('/users', reportRoutes(context))
    .route('/users', userSearchRoutes(db))
    .route('/chats', chatRoutes(db, chatRooms))
    .route('/notifications', notificationRoutes(context))
    .route('/push', pushRoutes(context))
    .route('/notifications', unsubscribeApiRoutes(context))
    .route('/profiles', profileRoutes(db))
    .route('/search', searchRoutes(context))
    .route('/uploads', uploadRoutes(context))
    .route('/ads', adRoutes(context))
    .route('/payments', stripeWebhookRoutes(context))
    .route('/payments', paymentsRoutes(context))
    .all('*', () => {
      throw new AppError('not_found', GENERIC_MESSAGES.notFound);
    });

  const app = new Hono<AppEnv>({ router: cachedRouter() })
    .use(requestLog(logger))
    .use(closeUnreadBodies())
    .use(contentSecurityHeaders())
    .use(compressResponses())
    .use(resolveCampus(config));
  // The dev mailbox shows every mail the loopback SMTP server received: never in production.
  if (!config.isProduction) app.route('/', devMailRoutes(db));
  // The built-in test-mode checkout page, only without Stripe keys (decision 041).
  if (isTestModeGateway(payments)) app.route('/', testCheckoutRoutes(context, payments));
  app
    // Google sign-in is a browser navigation, not an API call: /auth/google and its callback.
    .route('/', googleRoutes(context))
    // 'Visit As Guest' and 'Visit Your Campus' carry the sign-in to the other site (decision 042).
    .route('/', siteHandoffStartRoutes(context))
    // A notification e-mail's unsubscribe link: a page that works signed out (decision 033).
    .route('/', unsubscribePageRoutes(context))
    .route('/api', api)
    .route('/', brandRoutes())
    .route('/', uploadFileRoutes(config.dataDir))
    .route(
      '/',
      staticRoutes(config.webDist, {
        sourceMaps: !config.isProduction,
        firstScreen: config.firstScreen ? { db, feedCache, now: context.now } : undefined,
        trustProxyHops: config.trustProxyHops,
      }),
    );

  app.onError(createErrorHandler(logger));
  app.notFound((c) => c.json({ errors: [{ code: 'not_found', msg: GENERIC_MESSAGES.notFound }] }, 404));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
