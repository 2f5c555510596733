import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as syncProtocol from 'y-protocols/sync';
import { encodeUpdateMessage, readChatSocketMessage } from './chat-protocol.ts';

/** The frame as y-protocols writes it with lib0's encoder (what the stock provider expects). */
function lib0Frame(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

describe('chat socket frames', () => {
  // Lengths around each varUint boundary (1, 2 and 3 length bytes).
  it.each([0, 1, 127, 128, 300, 16_383, 16_384, 70_000])('encodes a %i-byte update as lib0 does', (size) => {
    const update = Uint8Array.from({ length: size }, (_, index) => (index * 31) % 256);
    const frame = encodeUpdateMessage(update);
    expect(frame).toEqual(lib0Frame(update));
    expect(readChatSocketMessage(frame)).toEqual({ type: 'update', update });
  });
});
