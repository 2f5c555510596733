import { isIP } from 'node:net';

/**
 * spec 1 §5 location gate: access is limited to the United States. A non-US
 * address, or a device time zone that differs from the address's, is blocked;
 * loopback and private addresses are allowed; a failed lookup lets the
 * visitor through.
 */
export type LocationVerdict = 'allowed' | 'blocked';

interface GeoLookup {
  lookup(ip: string): { country: string; timezone: string } | null;
}

let geoip: Promise<GeoLookup | null> | undefined;

/** geoip-lite loads a large data set; only the first gated request pays for it. */
function loadGeoip(): Promise<GeoLookup | null> {
  geoip ??= import('geoip-lite').then(
    (module) => (module.default ?? module) as GeoLookup,
    () => null,
  );
  return geoip;
}

function isPrivateAddress(ip: string): boolean {
  const address = ip.replace(/^::ffff:/, '');
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  const lower = address.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

export async function checkLocation(
  ip: string | undefined,
  deviceTimeZone: string | undefined,
): Promise<LocationVerdict> {
  if (!ip || isPrivateAddress(ip)) return 'allowed';
  const lookup = await loadGeoip();
  const place = lookup?.lookup(ip.replace(/^::ffff:/, '')) ?? null;
  // geoip-lite answers an empty country for ranges it cannot place (1.1.1.1): a failed lookup.
  if (!place?.country) return 'allowed';
  if (place.country !== 'US') return 'blocked';
  if (deviceTimeZone && place.timezone && deviceTimeZone !== place.timezone) return 'blocked';
  return 'allowed';
}
