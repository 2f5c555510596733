import type { PaymentGateway } from './ads/payments/payment-gateway.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Logger } from './http/logger.ts';
import type { MediaGate } from './limits/media-gate.ts';
import type { AccountLimiters } from './limits/rate-limiter.ts';
import type { Mailer } from './mail/mailer.ts';
import type { NotificationJobs } from './notifications/notification-jobs.ts';
import type { VapidKeys } from './push/vapid-keys.ts';
import type { SearchIndexes } from './search/search-indexes.ts';
import type { SessionSockets } from './sessions/session-sockets.ts';

/** What the feature sub-apps share: built once in app.ts and handed to each. */
export interface AppContext {
  db: Db;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  limiters: AccountLimiters;
  bannedEmails: ReadonlySet<string>;
  /** The limits' clock: Date.now, or a simulated one in the code-guessing bench. */
  now: () => number;
  /** Signs the known-device cookie (known-device.ts). */
  deviceKey: Buffer;
  /** Ends sessions with their sockets (logout, password change, reset). */
  sessionSockets: SessionSockets;
  /** Bounds concurrent image decoding and ffmpeg runs (MEDIA_CONCURRENCY, decision 018). */
  mediaGate: MediaGate;
  /** Runs the notifications' fan-outs after their action's commit (decision 032): poke it after writing a job. */
  notificationJobs: NotificationJobs;
  /** The web-push identity (decision 034): env or DATA_DIR. */
  vapidKeys: VapidKeys;
  /** The campuses' search indexes in memory (decision 035): server.ts warms them after listening. */
  searchIndexes: SearchIndexes;
  /** Stripe, or the built-in test-mode checkout (decision 041). */
  payments: PaymentGateway;
}
