import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uuidv7 } from '@campus/shared/ids';
import { SESSION_ENDED_CLOSE } from '@campus/shared/sync-api';
import { setupWSConnection } from '@y/websocket-server/utils';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { type ChatSync, createChatSync } from './chat-sync.ts';

/**
 * Decision 020: a chat socket closed with 4401 'Session ended' is not this
 * chat's refusal: the engine asks whether the viewer is still signed in and
 * reconnects if so; it does not report the chat as refused. The server is
 * the reference y-websocket server, which ends the first socket of each chat
 * with 4401 as the app's server does on logout.
 */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const browser = Object.assign(new EventTarget(), { setInterval, clearInterval, setTimeout, clearTimeout });
let server: Server;
let serverUrl = '';
const open: ChatSync[] = [];
const accepted = new Map<string, number>();

beforeAll(async () => {
  vi.stubGlobal('window', browser);
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('WebSocket', WebSocket);
  server = createServer();
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    const path = request.url ?? '';
    const count = (accepted.get(path) ?? 0) + 1;
    accepted.set(path, count);
    setupWSConnection(socket, request);
    if (count === 1) setTimeout(() => socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason), 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const sync of open.splice(0)) sync.destroy();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean, what: string) {
  await vi.waitFor(() => expect(condition(), what).toBe(true), { timeout: 5000, interval: 20 });
}

describe('chat sync when the session ends', () => {
  it('asks whether the viewer is still signed in; signed out, it stays offline and is not "refused"', async () => {
    const chatId = uuidv7();
    let asked = 0;
    const sync = createChatSync({
      chatId,
      viewerId: 'emily',
      serverUrl,
      onSessionEnded: async () => {
        asked += 1;
        return false;
      },
    });
    open.push(sync);
    await until(() => asked === 1, 'the session check');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(accepted.get(`/${chatId}`)).toBe(1);
    expect(sync.getSnapshot()).toMatchObject({ isRefused: false, connection: 'offline' });
  });

  it('still signed in (a fresh cookie), it connects again', async () => {
    const chatId = uuidv7();
    const sync = createChatSync({ chatId, viewerId: 'emily', serverUrl, onSessionEnded: async () => true });
    open.push(sync);
    await until(() => accepted.get(`/${chatId}`) === 2, 'the second connection');
    await until(() => sync.getSnapshot().connection === 'online', 'online again');
    expect(sync.getSnapshot().isRefused).toBe(false);
  });
});
