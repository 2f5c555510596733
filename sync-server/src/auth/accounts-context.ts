import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { clientAddress, clientIp } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import type { Logger } from '../http/logger.ts';
import { checkLocation } from '../location/location-gate.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MediaGate } from '../media/media-gate.ts';
import type { AccountLimiters } from './rate-limiter.ts';
import type { SessionSockets } from './session-sockets.ts';

/** What the account endpoints share: built once in app.ts. */
export interface AccountsContext {
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
}

/** The client as the limits key it (http/client-address.ts); 'local' for `app.request` without a socket. */
export function clientKey(c: Context, context: AccountsContext): string {
  return clientAddress(c, context.config.trustProxyHops) ?? 'local';
}

/** Host names this server serves: *.localhost and loopback in development, BASE_DOMAIN and its sub-domains. */
function isOwnHostname(hostname: string, baseDomain: string | undefined): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (hostname === '127.0.0.1' || hostname === '[::1]') return true;
  const base = baseDomain?.toLowerCase();
  return base !== undefined && (hostname === base || hostname.endsWith(`.${base}`));
}

/**
 * The site's own origin, for links in mails: http://ou.localhost:8080/… The
 * Host header is the client's to choose: a host this server does not serve is
 * never echoed into a mail (a reset or sign-in link to an attacker's host
 * would hand them the token); such a request gets the campus's own address.
 */
export function siteOrigin(c: Context<AppEnv>, config: Config): string {
  const url = new URL(c.req.url);
  const host = (c.req.header('host') ?? url.host).toLowerCase();
  const protocol = c.req.header('x-forwarded-proto') === 'https' ? 'https:' : url.protocol;
  if (isOwnHostname(host.replace(/:\d+$/, ''), config.baseDomain)) return `${protocol}//${host}`;
  const { subdomain } = c.get('campus');
  return config.baseDomain
    ? `https://${subdomain}.${config.baseDomain}`
    : `http://${subdomain}.localhost:${config.port}`;
}

/** spec 1 §5: the location check runs before login and register; blocked visitors go to /404. */
export async function enforceLocation(c: Context, context: AccountsContext): Promise<void> {
  const verdict = await checkLocation(clientIp(c, context.config.trustProxyHops), c.req.header('x-time-zone'));
  if (verdict === 'blocked') throw new AppError('location_blocked', 'Error 404');
}

/** spec 1 §5: login, register, continue and forgot refuse an e-mail on the banned list. */
export function refuseBannedEmail(context: AccountsContext, email: string): void {
  if (context.bannedEmails.has(email.trim().toLowerCase()))
    throw new AppError('forbidden', [{ msg: ACCOUNT_MESSAGES.emailBanned, field: 'email' }]);
}
