import { type Config, SettingError } from './config.ts';

/**
 * Production stops at start when a setting it cannot work without is missing (issue 42, decision
 * 053): one line per setting, saying what it is for and what to set. Development keeps every
 * embedded default (the loopback mail server, keys kept in DATA_DIR, the test-mode checkout).
 */
export class MissingSettingsError extends SettingError {
  readonly lines: readonly string[];

  constructor(lines: readonly string[]) {
    super(`Campus Buy/Sell cannot start in production:\n${lines.map((line) => `- ${line}`).join('\n')}`);
    this.lines = lines;
  }
}

const RANDOM = 'a long random value (openssl rand -hex 32)';

/** What production lacks, one line each; empty when it may start. */
function missingProductionSettings(config: Config): string[] {
  const missing: string[] = [];
  if (!config.smtpUrl) {
    missing.push(
      'SMTP_URL is not set: sign-up codes and sign-in links need a mail server. Set SMTP_URL=smtps://user:password@smtp.example.org:465.',
    );
  }
  if (!config.baseDomain) {
    missing.push(
      'BASE_DOMAIN is not set: the campus sites are <site>.BASE_DOMAIN. Set BASE_DOMAIN=campusbuysell.app to serve ou.campusbuysell.app.',
    );
  }
  // A key generated in one server's DATA_DIR is not the others': what one signed, another refuses.
  if (!config.deviceCookieSecret) {
    missing.push(
      `DEVICE_COOKIE_SECRET is not set: it signs the known-device cookies and must be the same on every server. Set it to ${RANDOM}.`,
    );
  }
  if (!config.unsubscribeSecret) {
    missing.push(
      `UNSUBSCRIBE_SECRET is not set: it signs the unsubscribe links of notification e-mails and must be the same on every server. Set it to ${RANDOM}.`,
    );
  }
  if (!config.vapidPublicKey || !config.vapidPrivateKey) {
    missing.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not both set: browsers take pushes only from the key pair they subscribed with, the same on every server. Make a pair with npx web-push generate-vapid-keys.',
    );
  }
  if (config.stripeSecretKey && !config.stripeWebhookSecret) {
    missing.push(
      'STRIPE_WEBHOOK_SECRET is not set: without it no paid checkout is ever confirmed. Set it to the signing secret of the webhook endpoint /api/payments/stripe/webhook.',
    );
  }
  if (!config.stripeSecretKey && config.paymentsAsked === undefined) {
    missing.push(
      'Payments are not set: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments for boosts, or PAYMENTS=off to run without boosts.',
    );
  }
  return missing;
}

/** Throws MissingSettingsError in production when a required setting is missing. */
export function assertProductionSettings(config: Config): void {
  if (!config.isProduction) return;
  const missing = missingProductionSettings(config);
  if (missing.length > 0) throw new MissingSettingsError(missing);
}
