import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from './logger.ts';

/** Answers an upgrade request with a plain HTTP refusal instead of a socket. */
export function refuseUpgrade(socket: Duplex, status: 401 | 403 | 404 | 429, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Same rule as sameOriginWrites: the page that opens a socket must be of this host. */
export function isSameOriginUpgrade(request: IncomingMessage): boolean {
  const { origin, host } = request.headers;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;

export interface UpgradeRoute {
  /** The path as a route table would write it (`/api/chats/sync/:chatId`); the authorization matrix lists these. */
  path: string;
  matches(pathname: string): boolean;
  handle: UpgradeHandler;
}

/**
 * The server's one `upgrade` listener: each WebSocket endpoint (the issue-5
 * sync socket, issue 6's chat docs) gets the requests for its paths, any
 * other path a 404.
 */
export function routeUpgrades(server: Server, routes: UpgradeRoute[], logger: Logger) {
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const route = routes.find((candidate) => candidate.matches(pathname));
    if (!route) return refuseUpgrade(socket, 404, 'Not Found');
    route.handle(request, socket, head).catch((error: unknown) => {
      logger.error('socket upgrade failed', {
        pathname,
        error: error instanceof Error ? error.message : String(error),
      });
      socket.destroy();
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    paths: routes.map((route) => route.path),
    close() {
      server.off('upgrade', onUpgrade);
    },
  };
}
