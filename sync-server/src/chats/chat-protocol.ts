import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

/**
 * The y-websocket wire format (y-protocols), as the stock WebsocketProvider
 * speaks it: a message type, then for sync a sub-type and its payload. The
 * server reads updates itself instead of calling `readSyncMessage`, because
 * every update is checked before Yjs sees it.
 */
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;

export type ChatSocketMessage =
  | { type: 'step1'; stateVector: Uint8Array }
  | { type: 'step2'; update: Uint8Array }
  | { type: 'update'; update: Uint8Array }
  /** Presence: checked (chat-awareness.ts), relayed, never stored (decisions 014, 019). */
  | { type: 'awareness'; update: Uint8Array }
  /** Auth and awareness queries: nothing the server answers. */
  | { type: 'ignored' };

/** Throws on bytes that are not a y-protocols message. */
export function readChatSocketMessage(data: Uint8Array): ChatSocketMessage {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  if (type === MESSAGE_AWARENESS) {
    return { type: 'awareness', update: decoding.readVarUint8Array(decoder) };
  }
  if (type !== MESSAGE_SYNC) return { type: 'ignored' };
  const syncType = decoding.readVarUint(decoder);
  const payload = decoding.readVarUint8Array(decoder);
  switch (syncType) {
    case syncProtocol.messageYjsSyncStep1:
      return { type: 'step1', stateVector: payload };
    case syncProtocol.messageYjsSyncStep2:
      return { type: 'step2', update: payload };
    case syncProtocol.messageYjsUpdate:
      return { type: 'update', update: payload };
    default:
      throw new Error(`unknown sync message ${syncType}`);
  }
}

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** What the server has that a client with `stateVector` lacks. */
export function encodeSyncStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep2(encoder, doc, stateVector);
  return encoding.toUint8Array(encoder);
}

/**
 * `[sync, update, varUint length, ...update]`, as syncProtocol.writeUpdate
 * writes it, into one buffer of the right size: a relay is one allocation,
 * not an encoder's growing buffers and their copy.
 */
export function encodeUpdateMessage(update: Uint8Array): Uint8Array {
  let lengthBytes = 1;
  for (let rest = update.length >>> 7; rest > 0; rest >>>= 7) lengthBytes += 1;
  const frame = new Uint8Array(2 + lengthBytes + update.length);
  frame[0] = MESSAGE_SYNC;
  frame[1] = syncProtocol.messageYjsUpdate;
  let at = 2;
  let rest = update.length;
  while (rest > 0x7f) {
    frame[at++] = 0x80 | (rest & 0x7f);
    rest >>>= 7;
  }
  frame[at++] = rest;
  frame.set(update, at);
  return frame;
}
