import path from 'node:path';
import { parseTrustProxy } from './http/client-address.ts';
import { parsePushServiceHosts } from './push/push-service-hosts.ts';

/**
 * Every setting, read once from the environment. `.env.example` lists the
 * same names with their defaults; keep the two in step.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  /** Production domain whose sub-domains are campus sites (ou.<baseDomain>). */
  baseDomain: string | undefined;
  isProduction: boolean;
  logLevel: 'info' | 'silent';
  /** Fill a new, empty database with demo students and listings on OU and UT. */
  seedDemo: boolean;
  /** Where the demo seed keeps its rendered images between seeds (DEMO_ART_CACHE; the e2e suite sets it). */
  demoArtCache: string | undefined;
  /** The server writes the first screen into the HTML of /, /home, a post page and /messages (decision 049); on unless FIRST_SCREEN=off. */
  firstScreen: boolean;
  webDist: string;
  maxJsonBytes: number;
  /** smtp://user:pass@host:port of a real mail server; unset starts the embedded loopback one. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google sign-in (arctic). Both unset hides nothing but makes /auth/google answer 'not configured'. */
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /** Tests point Google sign-in at a local stand-in speaking the same OAuth 2.0 protocol. */
  googleOauthBaseUrl: string | undefined;
  /** File of banned e-mail addresses, one per line (spec 1 §5). */
  bannedEmailsFile: string;
  shutdownTimeoutMs: number;
  /** Proxies in front of the server whose X-Forwarded-For entries name the client; 0 trusts none. */
  trustProxyHops: number;
  /** Abuse limits (issue 18, decision 017); tests lower them through overrides. */
  signupsPerClientPerHour: number;
  mailsPerClientPerHour: number;
  mailsPerRecipientPerHour: number;
  wrongCodesPerEmail: number;
  loginFailuresPerClientPerHour: number;
  loginFailuresPerAccountPerHour: number;
  /** Signs the known-device cookie; unset keeps a random key in DATA_DIR. */
  deviceCookieSecret: string | undefined;
  /** Messages (and likes) one member may store at once, then `chatMessagesPerMinute` (decision 019). */
  chatMessageBurst: number;
  chatMessagesPerMinute: number;
  /** Signs the notification e-mails' unsubscribe links; unset keeps a random key in DATA_DIR (decision 033). */
  unsubscribeSecret: string | undefined;
  /** Notification e-mail batching (decision 033): a recipient's mail waits until nothing new came for `quiet`… */
  notificationMailQuietMs: number;
  /** …but the oldest news waits at most this long… */
  notificationMailMaxWaitMs: number;
  /** …checked this often. */
  notificationMailIntervalMs: number;
  /** Uploads decoded or run through ffmpeg at once (media/media-gate.ts); the rest wait on disk. */
  mediaConcurrency: number;
  /** Web push (decision 034): VAPID keys (base64url); both unset keeps a generated pair in DATA_DIR. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** The VAPID `sub`: a mailto: or https: contact push services can reach. */
  vapidSubject: string;
  /** Pushes in flight at once; the rest wait their turn. */
  pushConcurrency: number;
  /** How long a push service keeps an undelivered push, in seconds. */
  pushTtlSeconds: number;
  /** Tests only: a PEM certificate the push sender trusts (the stand-in push service), instead of the system's. */
  pushCaFile: string | undefined;
  /**
   * Push services besides the browsers' own (PUSH_SERVICE_HOSTS, comma-separated, `*.` for
   * subdomains): an internal relay, or the tests' stand-in. Trusted as they resolve (push/push-service-hosts.ts).
   */
  pushServiceHosts: string[];
  /** The newest posts one campus's search index holds (decision 035): the index's memory bound. */
  searchMaxPostsPerCampus: number;
  /**
   * Who takes the money for boosts (decision 041): Stripe when STRIPE_SECRET_KEY is set; else the
   * built-in test-mode checkout in development, and nothing in production (boosts off) unless
   * PAYMENTS=test asks for the test checkout there; PAYMENTS=off turns boosts off anywhere.
   */
  paymentMode: PaymentMode;
  /** PAYMENTS as set: production starts without Stripe keys only when it says 'off' (or 'test'). */
  paymentsAsked: 'test' | 'off' | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Tests: the stand-in Stripe API the SDK talks to instead of api.stripe.com. */
  stripeApiBaseUrl: string | undefined;
  /** How often the ads' lifecycle job runs (decision 040). */
  adLifecycleIntervalMs: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type PaymentMode = 'stripe' | 'test' | 'off';

/** A setting the server cannot start with: main.ts prints its message, without a stack, and exits 1. */
export class SettingError extends Error {
  override name = 'SettingError';
}

/** Fails closed: production with no payment provider and no explicit PAYMENTS=test has boosts off. */
function paymentModeFrom(env: NodeJS.ProcessEnv): PaymentMode {
  const asked = env.PAYMENTS || undefined;
  if (asked !== undefined && asked !== 'test' && asked !== 'off') {
    throw new SettingError(
      `PAYMENTS must be "test" or "off" (Stripe is on when STRIPE_SECRET_KEY is set), not "${asked}"`,
    );
  }
  if (asked === 'off') return 'off';
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  if (asked === 'test') return 'test';
  return env.NODE_ENV === 'production' ? 'off' : 'test';
}

function numberFrom(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port: numberFrom(env.PORT, 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseFile: env.DATABASE_FILE ?? path.join(dataDir, 'campus.sqlite'),
    baseDomain: env.BASE_DOMAIN || undefined,
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL === 'silent' ? 'silent' : 'info',
    // Demo data on a developer's first start; never in production unless asked for.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : env.NODE_ENV !== 'production',
    demoArtCache: env.DEMO_ART_CACHE ? path.resolve(env.DEMO_ART_CACHE) : undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'web/dist')),
    firstScreen: env.FIRST_SCREEN !== 'off',
    maxJsonBytes: numberFrom(env.MAX_JSON_BYTES, 1024 * 1024),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Campus Buy / Sell <no-reply@campusbuysell.app>',
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    googleOauthBaseUrl: env.GOOGLE_OAUTH_BASE_URL || undefined,
    bannedEmailsFile: path.resolve(env.BANNED_EMAILS_FILE ?? path.join(repoRoot, 'sync-server/banned-emails.txt')),
    shutdownTimeoutMs: numberFrom(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    trustProxyHops: parseTrustProxy(env.TRUST_PROXY),
    signupsPerClientPerHour: numberFrom(env.SIGNUPS_PER_CLIENT_PER_HOUR, 20),
    mailsPerClientPerHour: numberFrom(env.MAILS_PER_CLIENT_PER_HOUR, 30),
    mailsPerRecipientPerHour: numberFrom(env.MAILS_PER_RECIPIENT_PER_HOUR, 10),
    wrongCodesPerEmail: numberFrom(env.WRONG_CODES_PER_EMAIL, 5),
    loginFailuresPerClientPerHour: numberFrom(env.LOGIN_FAILURES_PER_CLIENT_PER_HOUR, 30),
    loginFailuresPerAccountPerHour: numberFrom(env.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR, 20),
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET || undefined,
    chatMessageBurst: numberFrom(env.CHAT_MESSAGE_BURST, 30),
    chatMessagesPerMinute: numberFrom(env.CHAT_MESSAGES_PER_MINUTE, 60),
    mediaConcurrency: Math.max(1, numberFrom(env.MEDIA_CONCURRENCY, 1)),
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:no-reply@campusbuysell.app',
    pushConcurrency: Math.max(1, numberFrom(env.PUSH_CONCURRENCY, 16)),
    pushTtlSeconds: Math.max(0, numberFrom(env.PUSH_TTL_SECONDS, 24 * 60 * 60)),
    pushCaFile: env.PUSH_CA_FILE || undefined,
    pushServiceHosts: parsePushServiceHosts(env.PUSH_SERVICE_HOSTS),
    searchMaxPostsPerCampus: Math.max(1, numberFrom(env.SEARCH_MAX_POSTS_PER_CAMPUS, 200_000)),
    paymentMode: paymentModeFrom(env),
    paymentsAsked: env.PAYMENTS === 'test' || env.PAYMENTS === 'off' ? env.PAYMENTS : undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBaseUrl: env.STRIPE_API_BASE_URL || undefined,
    adLifecycleIntervalMs: Math.max(1000, numberFrom(env.AD_LIFECYCLE_INTERVAL_MS, 60_000)),
    unsubscribeSecret: env.UNSUBSCRIBE_SECRET || undefined,
    notificationMailQuietMs: numberFrom(env.NOTIFICATION_MAIL_QUIET_MS, 2 * 60_000),
    notificationMailMaxWaitMs: numberFrom(env.NOTIFICATION_MAIL_MAX_WAIT_MS, 15 * 60_000),
    notificationMailIntervalMs: Math.max(50, numberFrom(env.NOTIFICATION_MAIL_INTERVAL_MS, 5_000)),
    ...overrides,
  };
}
