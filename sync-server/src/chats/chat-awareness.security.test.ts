import * as decoding from 'lib0/decoding';
import { describe, expect, it } from 'vitest';
import { encodeAwarenessFrame } from './chat-awareness.ts';
import { aliceAndBob, rawSocket, waitFor } from './chat-socket.test-helpers.ts';

/** Issue 18 item 9b: presence frames are checked before they are relayed (decision 019). */

const MESSAGE_AWARENESS = 1;

/** The entries of every awareness message in `frames`. */
function awarenessEntries(frames: Uint8Array[]): { client: number; json: string }[] {
  const entries: { client: number; json: string }[] = [];
  for (const frame of frames) {
    if (frame[0] !== MESSAGE_AWARENESS) continue;
    const outer = decoding.createDecoder(frame);
    decoding.readVarUint(outer);
    const inner = decoding.createDecoder(decoding.readVarUint8Array(outer));
    const count = decoding.readVarUint(inner);
    for (let index = 0; index < count; index++) {
      const client = decoding.readVarUint(inner);
      decoding.readVarUint(inner);
      entries.push({ client, json: decoding.readVarString(inner) });
    }
  }
  return entries;
}

async function twoSockets() {
  const { server, alice, bob, chatId } = await aliceAndBob();
  const a = rawSocket(server, chatId, alice);
  const b = rawSocket(server, chatId, bob);
  await Promise.all([a.opened, b.opened]);
  return { a, b };
}

describe('the chat socket: presence frames', () => {
  it('does not relay 3 MB of garbage sent as presence', async () => {
    const { a, b } = await twoSockets();
    const garbage = new Uint8Array(3 * 1024 * 1024).fill(7);
    a.ws.send(encodeAwarenessFrame([{ client: 1, clock: 1, json: JSON.stringify({ junk: 'y'.repeat(100) }) }]));
    a.ws.send(new Uint8Array([MESSAGE_AWARENESS, ...encodeLength(garbage.length), ...garbage]));
    await Promise.race([a.closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    expect(b.received.filter((frame) => frame[0] === MESSAGE_AWARENESS)).toEqual([]);
  });

  it('relays only the expected state (null, {} or {typing: boolean}) of at most 1 KB', async () => {
    const { a, b } = await twoSockets();
    a.ws.send(encodeAwarenessFrame([{ client: 10, clock: 1, json: JSON.stringify({ typing: 'yes' }) }]));
    a.ws.send(encodeAwarenessFrame([{ client: 10, clock: 2, json: JSON.stringify({ name: '<img src=x>' }) }]));
    a.ws.send(
      encodeAwarenessFrame([{ client: 10, clock: 3, json: JSON.stringify({ typing: true, pad: 'p'.repeat(1100) }) }]),
    );
    a.ws.send(encodeAwarenessFrame([{ client: 10, clock: 4, json: '{not json' }]));
    a.ws.send(encodeAwarenessFrame([{ client: 10, clock: 5, json: JSON.stringify({ typing: true }) }]));
    await waitFor(() => awarenessEntries(b.received).length > 0, 'the valid presence at Bob');
    a.ws.send(encodeAwarenessFrame([{ client: 10, clock: 6, json: 'null' }]));
    await waitFor(() => awarenessEntries(b.received).length > 1, 'the leaving presence at Bob');
    expect(awarenessEntries(b.received)).toEqual([
      { client: 10, json: '{"typing":true}' },
      { client: 10, json: 'null' },
    ]);
  });

  it("binds a presence client to its socket: nobody speaks for the other member's client", async () => {
    const { a, b } = await twoSockets();
    b.ws.send(encodeAwarenessFrame([{ client: 20, clock: 1, json: '{}' }]));
    await waitFor(() => awarenessEntries(a.received).some((entry) => entry.client === 20), 'Bob’s presence at Alice');
    a.ws.send(encodeAwarenessFrame([{ client: 20, clock: 2, json: JSON.stringify({ typing: true }) }]));
    a.ws.send(encodeAwarenessFrame([{ client: 30, clock: 1, json: '{}' }]));
    a.ws.send(encodeAwarenessFrame([{ client: 31, clock: 1, json: JSON.stringify({ typing: true }) }]));
    a.ws.send(encodeAwarenessFrame([{ client: 30, clock: 2, json: JSON.stringify({ typing: false }) }]));
    await waitFor(() => awarenessEntries(b.received).some((entry) => entry.json === '{"typing":false}'), 'Alice’s own');
    const atBob = awarenessEntries(b.received).filter((entry) => entry.client !== 20 || entry.json !== '{}');
    expect(atBob).toEqual([
      { client: 30, json: '{}' },
      { client: 30, json: '{"typing":false}' },
    ]);
  });

  it('rate-limits presence: a burst of 60 frames reaches the other member as a handful', async () => {
    const { a, b } = await twoSockets();
    for (let clock = 1; clock <= 60; clock++) {
      a.ws.send(encodeAwarenessFrame([{ client: 40, clock, json: JSON.stringify({ typing: clock % 2 === 0 }) }]));
    }
    await waitFor(() => awarenessEntries(b.received).length > 0, 'some presence at Bob');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const relayed = awarenessEntries(b.received).length;
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThanOrEqual(20);
  });
});

function encodeLength(length: number): number[] {
  const bytes: number[] = [];
  let rest = length;
  while (rest > 0x7f) {
    bytes.push(0x80 | (rest & 0x7f));
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}
