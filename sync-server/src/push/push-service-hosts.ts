import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The browsers' push services (decision 034): Chrome and Edge's FCM, Firefox's autopush, Windows'
 * WNS, Apple's web push. An endpoint on any other host is not a push service: refused at subscribe
 * time, so a student cannot make the server call an address of their choosing (issue 35 item 5).
 */
const BROWSER_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** `PUSH_SERVICE_HOSTS`: more hosts, comma-separated (`*.` for a domain's subdomains). */
export function parsePushServiceHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
}

function matches(pattern: string, hostname: string): boolean {
  return pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) : hostname === pattern;
}

function blockList(family: 'ipv4' | 'ipv6', subnets: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
}

/** Loopback, private, link-local, shared, multicast and reserved ranges: never a push service's address. */
const NOT_PUBLIC_V4 = blockList('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
]);
const NOT_PUBLIC_V6 = blockList('ipv6', [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
]);
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPublicAddress(address: string): boolean {
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, 'ipv4');
  if (family === 6) return !NOT_PUBLIC_V6.check(address, 'ipv6');
  return false;
}

export interface PushServiceHosts {
  /** An endpoint a device may subscribe with: https, on a browser push service or an added host. */
  isAllowedEndpoint(endpoint: string): boolean;
  /**
   * `lookup` for the push agent: a browser push service's name must resolve to public addresses
   * only, checked on the address the connection is made to (no DNS rebinding). A host added by the
   * operator (PUSH_SERVICE_HOSTS) is trusted as it resolves: it may be an internal relay.
   */
  lookup: typeof dnsLookup;
}

export function pushServiceHosts(added: readonly string[]): PushServiceHosts {
  const isAdded = (hostname: string) => added.some((pattern) => matches(pattern, hostname));
  const isAllowedHost = (hostname: string) =>
    isAdded(hostname) || (isIP(hostname) === 0 && BROWSER_PUSH_SERVICES.some((pattern) => matches(pattern, hostname)));
  function lookup(hostname: string, options: unknown, callback: unknown): void {
    const done = (typeof options === 'function' ? options : callback) as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    const asked = (typeof options === 'object' && options !== null ? options : {}) as LookupAllOptions;
    dnsLookup(hostname, { ...asked, all: true }, (error, addresses) => {
      if (error) return done(error, []);
      if (!isAdded(hostname.toLowerCase()) && !addresses.every((entry) => isPublicAddress(entry.address))) {
        const refused: NodeJS.ErrnoException = new Error(`push service ${hostname} resolves to a non-public address`);
        refused.code = 'EPUSHADDRESS';
        return done(refused, []);
      }
      if (asked.all) return done(null, addresses);
      const first = addresses[0];
      if (!first) return done(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      return done(null, first.address, first.family);
    });
  }
  return {
    isAllowedEndpoint(endpoint) {
      if (!URL.canParse(endpoint)) return false;
      const url = new URL(endpoint);
      return url.protocol === 'https:' && isAllowedHost(url.hostname.toLowerCase());
    },
    lookup: lookup as typeof dnsLookup,
  };
}
