/**
 * UUIDv7 (RFC 9562): time-ordered ids that clients can mint offline (issue 5's
 * outbox) and that still sort by creation time in SQLite indexes.
 */

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** Random bytes for 64 ids at a time: one getRandomValues call instead of one per id (a chat message makes one). */
const POOL_IDS = 64;
const pool = new Uint8Array(16 * POOL_IDS);
let poolNext = POOL_IDS;

export function uuidv7(now: number = Date.now()): string {
  if (poolNext === POOL_IDS) {
    crypto.getRandomValues(pool);
    poolNext = 0;
  }
  const bytes = pool.subarray(poolNext * 16, poolNext * 16 + 16);
  poolNext += 1;
  let time = now;
  for (let index = 5; index >= 0; index--) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70; // version 7
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  let hex = '';
  for (let index = 0; index < 16; index++) {
    hex += HEX[bytes[index] as number];
    if (index === 3 || index === 5 || index === 7 || index === 9) hex += '-';
  }
  return hex;
}
