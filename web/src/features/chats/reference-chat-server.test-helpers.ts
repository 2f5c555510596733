import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupWSConnection } from '@y/websocket-server/utils';
import { vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

/** localStorage for the chat engine under Node. */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
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

export interface ReferenceChatServer {
  /** `ws://127.0.0.1:<port>`: a chat's socket is `<url>/<chatId>`. */
  url: string;
  /** Closes the server and its sockets and restores the globals. */
  stop(): Promise<void>;
}

/**
 * The chat engine's world in a browser, for tests under Node: window, navigator (`network`,
 * whose `onLine` the test flips), localStorage and WebSocket (ws) are stubbed, and the reference
 * y-websocket server (@y/websocket-server, the protocol the app's server speaks) listens on a
 * free port. `screen` sees each socket first; when it answers true it has closed the socket and
 * the server does not serve it.
 */
export async function startReferenceChatServer(
  network: { onLine: boolean },
  screen: (socket: WebSocket, request: IncomingMessage) => boolean | undefined = () => false,
): Promise<ReferenceChatServer> {
  const browser = Object.assign(new EventTarget(), { setInterval, clearInterval, setTimeout, clearTimeout });
  vi.stubGlobal('window', browser);
  vi.stubGlobal('navigator', network);
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('WebSocket', WebSocket);
  const server = createServer();
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    if (!screen(socket, request)) setupWSConnection(socket, request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      vi.unstubAllGlobals();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
