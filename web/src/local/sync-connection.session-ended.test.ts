import type { AddressInfo } from 'node:net';
import { SESSION_ENDED_CLOSE } from '@campus/shared/sync-api';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createSyncConnection, type SyncConnection } from './sync-connection.ts';

/**
 * Decision 020: a sync socket the server closes with 4401 'Session ended'
 * (logout, a password change elsewhere) is not reconnected with backoff
 * forever; the client is told, asks who is signed in, and nudges it back
 * only if still signed in. Real sockets: a `ws` server on a free port.
 */

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function serverClosingWith(code: number, reason: string) {
  const sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => sockets.once('listening', () => resolve()));
  let accepted = 0;
  sockets.on('connection', (socket) => {
    accepted += 1;
    socket.once('message', () => socket.close(code, reason));
  });
  cleanups.push(() => sockets.close());
  return {
    url: `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}`,
    get accepted() {
      return accepted;
    },
  };
}

/**
 * A `ws` client that fails as a browser's WebSocket does. Closing a socket that is still
 * connecting (stop() right after a reconnect began) raises an 'error' event; a browser drops
 * an error nobody listens to and fires close, but `ws` throws it as an uncaught exception. The
 * connection reads only close, so the error is listened to and left to the close that follows.
 */
function browserLikeSocket(address: string): globalThis.WebSocket {
  const socket = new WebSocket(address);
  socket.on('error', () => {});
  return socket as unknown as globalThis.WebSocket;
}

function connectTo(url: string, onSessionEnded: () => void): SyncConnection {
  const connection = createSyncConnection({
    url,
    createSocket: (address) => browserLikeSocket(address),
    loadCursor: async () => null,
    saveCursor: async () => {},
    onNotices: async () => {},
    onReset: async () => {},
    onCaughtUp: () => {},
    onStatus: () => {},
    onSessionEnded,
    baseDelayMs: 10,
    maxDelayMs: 10,
    random: () => 0,
  });
  cleanups.push(() => connection.stop());
  connection.start();
  return connection;
}

async function waitFor(condition: () => boolean, what: string) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > 2000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the sync connection when the session ends', () => {
  it('on 4401 tells the app once and does not reconnect until nudged', async () => {
    const server = await serverClosingWith(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
    let ended = 0;
    const connection = connectTo(server.url, () => {
      ended += 1;
    });
    await waitFor(() => ended === 1, 'the session-ended callback');
    // Ten backoff delays later, still one connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.accepted).toBe(1);

    connection.nudge(); // still signed in (a fresh cookie): back again
    await waitFor(() => server.accepted === 2, 'the nudged reconnect');
  });

  it('on any other close (a restart) reconnects with backoff as before', async () => {
    const server = await serverClosingWith(1012, 'server restarting');
    let ended = 0;
    connectTo(server.url, () => {
      ended += 1;
    });
    await waitFor(() => server.accepted >= 3, 'reconnects');
    expect(ended).toBe(0);
  });
});
