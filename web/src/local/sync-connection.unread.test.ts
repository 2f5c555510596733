import type { ServerSyncMessage } from '@campus/shared/sync-api';
import { describe, expect, it } from 'vitest';
import { createSyncConnection } from './sync-connection.ts';

/** The least of a socket: the test opens it and hands it messages. */
class FakeSocket {
  readonly OPEN = 1;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  send() {}
  close() {}
  receive(message: ServerSyncMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('createSyncConnection and unread counts (issue 21)', () => {
  it('hands an unread message to onUnread without treating it as notices or moving the cursor', async () => {
    const socket = new FakeSocket();
    const cursors: number[] = [];
    const unread: { notifications: number; chats: number }[] = [];
    let caughtUp = 0;
    const connection = createSyncConnection({
      url: 'ws://campus.test/api/sync',
      createSocket: () => socket as unknown as WebSocket,
      loadCursor: async () => 5,
      saveCursor: async (next) => {
        cursors.push(next);
      },
      onNotices: async () => {},
      onReset: async () => {},
      onCaughtUp: () => {
        caughtUp += 1;
      },
      onStatus: () => {},
      onUnread: (counts) => unread.push(counts),
    });
    connection.start();
    socket.readyState = 1;
    socket.onopen?.({});
    socket.receive({ type: 'unread', notifications: 3, chats: 1 });
    socket.receive({ type: 'changes', changes: [], cursor: 7 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unread).toEqual([{ notifications: 3, chats: 1 }]);
    expect(cursors).toEqual([7]);
    expect(caughtUp).toBe(1);
    connection.stop();
  });
});
