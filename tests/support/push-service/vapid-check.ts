import { createPublicKey, verify } from 'node:crypto';

/** The longest a VAPID token may live (RFC 8292 §2: no more than 24 hours). */
const MAX_LIFETIME_S = 24 * 60 * 60;

/** An uncompressed P-256 point (65 bytes, base64url) as a Node public key. */
function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does
 * (RFC 8292): an ES256 JWT signed by `k`, `aud` the endpoint's origin, `exp`
 * in the future and within 24 hours, `sub` a contact; and `k` the key the
 * subscription was made with (the page's applicationServerKey). Returns the
 * reason it fails, or null.
 */
export function checkVapid(
  header: string | undefined,
  expected: { audience: string; applicationServerKey: string; nowS: number },
): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [, token = '', key = ''] = match;
  if (key !== expected.applicationServerKey) return 'k is not the subscription key';
  const [headerPart = '', claimsPart = '', signaturePart = ''] = token.split('.');
  const jwtHeader = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as { alg?: string; typ?: string };
  if (jwtHeader.alg !== 'ES256') return 'alg is not ES256';
  const isSigned = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!isSigned) return 'signature does not verify with k';
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== expected.audience) return `aud ${claims.aud} is not ${expected.audience}`;
  if (typeof claims.exp !== 'number' || claims.exp <= expected.nowS) return 'exp is not in the future';
  if (claims.exp > expected.nowS + MAX_LIFETIME_S) return 'exp is more than 24 hours away';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'sub is not a mailto: or https: contact';
  return null;
}
