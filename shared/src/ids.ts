/**
 * UUIDv7 (RFC 9562): time-ordered ids that clients can mint offline (issue 5's
 * outbox) and that still sort by creation time in SQLite indexes.
 */

/** Random bytes for 64 ids at a time: one getRandomValues call instead of one per id (a chat message makes one). */
const POOL_IDS = 64;
const pool = new Uint8Array(16 * POOL_IDS);
let poolNext = POOL_IDS;

const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');
const DASH = 0x2d;
/**
 * The id's 36 characters as ASCII codes, decoded into one flat string. Adding
 * hex pairs to a string made a rope of 20 pieces (~750 bytes and ~3 µs an id,
 * where this takes ~75 bytes and ~0.6 µs): the chat server makes one for
 * every notification (decision 016).
 */
const characters = new Uint8Array(36);
const ascii = new TextDecoder();

/**
 * Ids minted in one millisecond by this process sort in the order they were made (RFC 9562
 * §6.2, method 1): an 18-bit counter in rand_a and the top of rand_b, started at a random value
 * below 2^17 each new millisecond and stepped by one within it (131,072 ids a millisecond at the
 * least before it wraps; the 56 random bits left keep even those distinct).
 */
const COUNTER_BITS = 18;
let counterTime = -1;
let counter = 0;

function nextCounter(now: number, start: number): number {
  if (now === counterTime) {
    counter = (counter + 1) % 2 ** COUNTER_BITS;
  } else {
    counterTime = now;
    counter = start % 2 ** (COUNTER_BITS - 1);
  }
  return counter;
}

export function uuidv7(now: number = Date.now()): string {
  if (poolNext === POOL_IDS) {
    crypto.getRandomValues(pool);
    poolNext = 0;
  }
  const start = poolNext * 16;
  poolNext += 1;
  let time = now;
  for (let index = 5; index >= 0; index--) {
    pool[start + index] = time % 256;
    time = Math.floor(time / 256);
  }
  const sequence = nextCounter(
    now,
    ((pool[start + 6] as number) << 16) | ((pool[start + 7] as number) << 8) | (pool[start + 8] as number),
  );
  pool[start + 6] = 0x70 | (sequence >> 14); // version 7, then the counter's top 4 bits
  pool[start + 7] = (sequence >> 6) & 0xff;
  pool[start + 8] = 0x80 | (sequence & 0x3f); // RFC 4122 variant, then the counter's low 6 bits
  let at = 0;
  for (let index = 0; index < 16; index++) {
    const byte = pool[start + index] as number;
    characters[at++] = HEX_DIGITS[byte >> 4] as number;
    characters[at++] = HEX_DIGITS[byte & 0x0f] as number;
    if (index === 3 || index === 5 || index === 7 || index === 9) characters[at++] = DASH;
  }
  return ascii.decode(characters);
}
