import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * TRUST_PROXY: how many proxies in front of the server append to
 * X-Forwarded-For. Off, empty or anything else that is not a count trusts
 * none; 'true' means one.
 */
export function parseTrustProxy(value: string | undefined): number {
  if (value === 'true') return 1;
  const hops = Number(value);
  return value && Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/** The first four groups of an IPv6 address: one home or phone gets a whole /64, so that is one client. */
function ipv6Prefix(address: string): string {
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
  return `${prefix.join(':')}::/64`;
}

/** A well-formed IP address (an IPv4-mapped one as IPv4), or undefined. */
function validIp(address: string | undefined): string | undefined {
  const trimmed = address?.trim().replace(/^\[|\]$/g, '');
  if (!trimmed) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1];
  if (mapped) return mapped;
  return isIP(trimmed) ? trimmed : undefined;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // `app.request` in tests has no socket.
    return undefined;
  }
}

/**
 * The client's IP. Without trusted proxies it is the socket's peer:
 * X-Forwarded-For is the client's to write. With N trusted proxies the N-th
 * entry from the right of X-Forwarded-For is the address the outermost trusted
 * proxy saw; entries left of it are the client's own claims.
 */
export function clientIp(c: Context, trustProxyHops: number): string | undefined {
  if (trustProxyHops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const forwarded = validIp(entries[Math.max(entries.length - trustProxyHops, 0)]);
    if (forwarded) return forwarded;
  }
  return validIp(socketAddress(c));
}

/** The client as every limit keys it: its IPv4 address, or its IPv6 /64. */
export function clientAddress(c: Context, trustProxyHops: number): string | undefined {
  const ip = clientIp(c, trustProxyHops);
  return ip && isIP(ip) === 6 ? ipv6Prefix(ip) : ip;
}

/**
 * The client as the limits key it (clientAddress with the app's TRUST_PROXY);
 * 'local' for `app.request` without a socket. Takes any context with the config.
 */
export function clientKey(c: Context, context: { config: { trustProxyHops: number } }): string {
  return clientAddress(c, context.config.trustProxyHops) ?? 'local';
}
