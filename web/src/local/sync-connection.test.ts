import type { ChangeNotice, ServerSyncMessage } from '@campus/shared/sync-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncConnection } from './sync-connection.ts';

/** A socket the test drives by hand. Like a dead network, `close()` alone never fires onclose. */
class HandDrivenSocket {
  readonly OPEN = 1;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  readonly sent: unknown[] = [];
  closeCalls = 0;

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closeCalls++;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: ServerSyncMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const HEARTBEAT_MS = 1000;

function notice(seq: number, postId: string): ChangeNotice {
  return { seq, kind: 'post', postId, parentId: null, isDeleted: false };
}

function start(onNotices: (changes: ChangeNotice[]) => Promise<void> = async () => {}) {
  const sockets: HandDrivenSocket[] = [];
  const cursors: number[] = [];
  let cursor: number | null = 5;
  const connection = createSyncConnection({
    url: 'ws://campus.test/api/sync',
    createSocket: () => {
      const socket = new HandDrivenSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    loadCursor: async () => cursor,
    saveCursor: async (next) => {
      cursor = next;
      cursors.push(next);
    },
    onNotices,
    onReset: async () => {},
    onCaughtUp: () => {},
    onStatus: () => {},
    baseDelayMs: 10,
    maxDelayMs: 10,
    heartbeatMs: HEARTBEAT_MS,
    random: () => 0,
  });
  connection.start();
  return { connection, sockets, cursors };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('createSyncConnection when the network misbehaves (found by tests/fuzz)', () => {
  it('reconnects once a connection goes silent, without waiting for a closing handshake that never ends', async () => {
    const { connection, sockets } = start();
    sockets[0]?.open();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.receive({ type: 'changes', changes: [], cursor: 5 });
    // One ping goes unanswered, the next beat gives up; the backoff then connects again.
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_MS + 10);
    expect(sockets[0]?.closeCalls).toBe(1);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('gives up on a connection that never opens', async () => {
    const { connection, sockets } = start();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS + 10);
    expect(sockets[0]?.closeCalls).toBe(1);
    expect(sockets).toHaveLength(2);
    connection.stop();
  });

  it('applies nothing after a notice fails, so the cursor never moves past it and the next hello asks again', async () => {
    const applied: string[] = [];
    const { connection, sockets, cursors } = start(async (changes) => {
      if (changes.some((change) => change.postId === 'broken')) throw new Error('read failed');
      applied.push(...changes.map((change) => change.postId));
    });
    const first = sockets[0] as HandDrivenSocket;
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    // Both arrive before the first is applied: the second must wait for the first's fate.
    first.receive({ type: 'changes', changes: [notice(6, 'broken')], cursor: 6 });
    first.receive({ type: 'changes', changes: [notice(7, 'fine')], cursor: 7 });
    await vi.advanceTimersByTimeAsync(20);

    expect(applied).toEqual([]);
    expect(cursors).toEqual([]);
    const second = sockets[1] as HandDrivenSocket;
    second.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.sent).toContainEqual({ type: 'hello', since: 5 });
    connection.stop();
  });
});
