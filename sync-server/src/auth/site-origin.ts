import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from '../http/env.ts';

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
  return campusSiteOrigin(c.get('campus').subdomain, config.baseDomain, config.port);
}

/** A campus's own address, for mail sent outside a request (decision 033): https://ou.<BASE_DOMAIN>, or http://ou.localhost:PORT. */
export function campusSiteOrigin(subdomain: string, baseDomain: string | undefined, port: number): string {
  return baseDomain ? `https://${subdomain}.${baseDomain}` : `http://${subdomain}.localhost:${port}`;
}

/**
 * Another campus's site beside the one this request is for (decision 042): ou.localhost:8080 →
 * utexas.localhost:8080, ou.<BASE_DOMAIN> → utexas.<BASE_DOMAIN>. The site label is the one just
 * before the suffix (campusIdForHost); a host this server does not serve, or one without a site
 * label (localhost, an IP address), gets the campus's own address.
 */
export function siblingSiteOrigin(c: Context<AppEnv>, config: Config, subdomain: string): string {
  const origin = new URL(siteOrigin(c, config));
  const base = config.baseDomain?.toLowerCase();
  const suffix = base && origin.hostname.endsWith(`.${base}`) ? base : 'localhost';
  if (!origin.hostname.endsWith(`.${suffix}`)) return campusSiteOrigin(subdomain, config.baseDomain, config.port);
  origin.hostname = `${subdomain}.${suffix}`;
  return origin.origin;
}
