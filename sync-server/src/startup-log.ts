import { CAMPUSES } from '@campus/shared/campuses';
import type { Config, PaymentMode } from './config.ts';
import type { Logger } from './http/logger.ts';

/**
 * What this server runs on, one line per part (issue 42, decision 053), so an operator reads in
 * the start-up log which store, mail server, payment mode, push keys, search and hosts are live.
 */
export function startupModeLines(config: Config, payments: PaymentMode): string[] {
  return [
    `store: SQLite, ${config.databaseFile}`,
    `mail: ${mailMode(config.smtpUrl)}`,
    `payments: ${paymentsMode(config, payments)}`,
    `push: ${config.vapidPublicKey ? 'VAPID keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY' : 'a VAPID key pair kept in DATA_DIR'}, subject ${config.vapidSubject}`,
    `search: in memory on this server, up to ${config.searchMaxPostsPerCampus.toLocaleString('en-US')} posts a campus, built from the database at start`,
    `sites: ${sitesMode(config)}`,
  ];
}

export function logStartupModes(logger: Logger, config: Config, payments: PaymentMode): void {
  for (const line of startupModeLines(config, payments)) {
    // The test checkout in production gives boosts away: said at error level (decision 041).
    if (line.startsWith('payments:') && payments === 'test' && config.isProduction) logger.error(line);
    else logger.info(line);
  }
}

/** The mail server's host and port, never its user or password. */
function mailMode(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'the embedded loopback SMTP server; every mail shows at /dev/mail';
  try {
    const url = new URL(smtpUrl);
    return `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}${url.protocol === 'smtps:' ? ' (TLS)' : ''}`;
  } catch {
    return 'SMTP at SMTP_URL (not a URL: mail will fail)';
  }
}

function paymentsMode(config: Config, mode: PaymentMode): string {
  if (mode === 'off')
    return 'off: boosts are not offered (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments)';
  if (mode === 'test') {
    return config.isProduction
      ? 'the TEST-MODE checkout page runs in production (PAYMENTS=test): boosts are free'
      : 'the built-in test-mode checkout page (no card is charged)';
  }
  const key = config.stripeSecretKey ?? '';
  if (/^(sk|rk)_live_/.test(key)) return 'Stripe, live keys';
  if (/^(sk|rk)_test_/.test(key)) return 'Stripe, test keys (no real card is charged)';
  return 'Stripe';
}

function sitesMode(config: Config): string {
  const labels = CAMPUSES.slice(0, 3).map((campus) => campus.subdomain);
  if (config.baseDomain) {
    const base = config.baseDomain;
    const others = config.isProduction
      ? `${base} and www.${base} are the generic site, any other host is 404`
      : 'any other host is OU';
    return `${labels.map((label) => `https://${label}.${base}`).join(', ')}, … (${CAMPUSES.length} sites; ${others})`;
  }
  return `${labels.map((label) => `http://${label}.localhost:${config.port}`).join(', ')}, … (${CAMPUSES.length} sites; any other host is OU)`;
}
