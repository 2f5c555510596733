import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { fullBucket, refill, type TokenBucket, type TokenRate } from '../http/token-bucket.ts';

/**
 * Presence (y-protocols awareness) as the chat socket relays it (issue 18
 * item 9b, decision 019). The app keeps no presence of its own yet; the stock
 * client sends `{}` on connect, `null` when it leaves, and this allows
 * `{typing: boolean}` for a typing mark. A frame is relayed only if it is at
 * most 1 KB, within the socket's rate, and carries its own client's entry
 * with one of those states. Entries for other clients are dropped: the stock
 * client echoes what it heard, and nobody may speak for another client.
 */
const MAX_AWARENESS_FRAME_BYTES = 1024;
/** Per socket: the stock client renews every 15 s; a typing mark flips at most a few times a second. */
const AWARENESS_RATE: TokenRate = { burst: 10, perMs: 2 / 1000 };

const MESSAGE_AWARENESS = 1;

export interface AwarenessState extends TokenBucket {
  /** The awareness client id this socket speaks for: the first it used that no other socket holds. */
  clientId: number | null;
}

export function createAwarenessState(now = Date.now()): AwarenessState {
  return { clientId: null, ...fullBucket(AWARENESS_RATE, now) };
}

interface Entry {
  client: number;
  clock: number;
  json: string;
}

function readEntries(update: Uint8Array): Entry[] | null {
  try {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    if (count > 16) return null;
    const entries: Entry[] = [];
    for (let index = 0; index < count; index++) {
      const client = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      entries.push({ client, clock, json: decoding.readVarString(decoder) });
    }
    return decoding.hasContent(decoder) ? null : entries;
  } catch {
    return null;
  }
}

function isExpectedState(json: string): boolean {
  let state: unknown;
  try {
    state = JSON.parse(json);
  } catch {
    return false;
  }
  if (state === null) return true;
  if (typeof state !== 'object' || Array.isArray(state)) return false;
  const keys = Object.keys(state);
  if (keys.length === 0) return true;
  return keys.length === 1 && keys[0] === 'typing' && typeof (state as { typing: unknown }).typing === 'boolean';
}

/** An awareness message as y-websocket sends it: [1, varUint8Array([count, (client, clock, json)...])]. */
export function encodeAwarenessFrame(entries: readonly Entry[]): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const entry of entries) {
    encoding.writeVarUint(update, entry.client);
    encoding.writeVarUint(update, entry.clock);
    encoding.writeVarString(update, entry.json);
  }
  const frame = encoding.createEncoder();
  encoding.writeVarUint(frame, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(frame, encoding.toUint8Array(update));
  return encoding.toUint8Array(frame);
}

/**
 * What to relay for an awareness frame `data` (its update `update`) from a
 * socket with `state`, or null (dropped, with why). `isTaken(clientId)` says
 * whether another socket of the chat already speaks for that client.
 */
export function checkAwareness(
  state: AwarenessState,
  data: Uint8Array,
  update: Uint8Array,
  isTaken: (clientId: number) => boolean,
  now = Date.now(),
): { relay: Uint8Array } | { dropped: string } {
  if (data.length > MAX_AWARENESS_FRAME_BYTES) return { dropped: 'presence frame too large' };
  if (refill(state, AWARENESS_RATE, now) < 1) return { dropped: 'presence too often' };
  const entries = readEntries(update);
  if (!entries) return { dropped: 'unreadable presence' };
  if (state.clientId === null) {
    const first = entries[0];
    if (!first || isTaken(first.client)) return { dropped: 'presence for a client of another socket' };
    state.clientId = first.client;
  }
  const own = entries.filter((entry) => entry.client === state.clientId);
  if (own.length !== 1) return { dropped: 'presence for a client of another socket' };
  if (!isExpectedState((own[0] as Entry).json)) return { dropped: 'unexpected presence state' };
  state.tokens -= 1;
  return { relay: own.length === entries.length ? data : encodeAwarenessFrame(own) };
}
