import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CampusDefinition } from '@campus/shared/campuses';
import type { ClientSyncMessage, ServerSyncMessage } from '@campus/shared/sync-api';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { startHeartbeat } from '../http/socket-heartbeat.ts';
import { isSameOriginUpgrade, refuseUpgrade } from '../http/upgrade-router.ts';
import type { SessionSockets } from '../sessions/session-sockets.ts';
import { readUpgradeSession } from '../sessions/upgrade-session.ts';
import type { ChangeHub, Subscriber } from './change-hub.ts';

export interface SyncSocketOptions {
  db: Db;
  hub: ChangeHub;
  logger: Logger;
  /** The campus of a Host header, or null for a host this server does not serve (campus.middleware.ts). */
  campusOf: (host: string | undefined) => CampusDefinition | null;
  /** Ending a session closes its sockets (4401) and stops their notices. */
  sessionSockets: SessionSockets;
  /** How often a silent connection is pinged; one missed pong closes it. */
  heartbeatMs?: number;
}

/** Client messages are tiny; anything larger is not ours. */
const MAX_MESSAGE_BYTES = 1024;

function readClientMessage(data: unknown): ClientSyncMessage | null {
  try {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    const message = JSON.parse(text) as Partial<ClientSyncMessage>;
    if (message.type === 'ping') return { type: 'ping' };
    if (message.type === 'hello') {
      const since = (message as { since?: unknown }).since;
      if (since === null) return { type: 'hello', since: null };
      if (typeof since === 'number' && Number.isSafeInteger(since) && since >= 0) return { type: 'hello', since };
    }
  } catch {
    // Not JSON: ignored like any other unknown message.
  }
  return null;
}

/**
 * The one live connection per client (issue 5): `GET /api/sync` upgraded to
 * a WebSocket when the page is of this host (Origin) and its session cookie
 * is valid. The client says hello with its cursor, is caught up, then hears
 * change notices for its campus and its own lists until it goes. The
 * server's upgrade router (http/upgrade-router.ts) hands it the requests
 * for SYNC_SOCKET_PATH.
 */
export function createSyncSocket(options: SyncSocketOptions) {
  const { db, hub, logger, campusOf, sessionSockets, heartbeatMs = 30_000 } = options;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const heartbeat = startHeartbeat(sockets, heartbeatMs);

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    if (!isSameOriginUpgrade(request)) return refuseUpgrade(socket, 403, 'Forbidden');
    const campus = campusOf(request.headers.host);
    if (!campus) return refuseUpgrade(socket, 404, 'Not Found');
    const campusId = campus.id;
    const mark = sessionSockets.mark();
    const session = await readUpgradeSession(db, request);
    if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const subscriber = connect(ws, campusId, session.user.id);
      const untrack = sessionSockets.track(
        { sessionId: session.sessionId, userId: session.user.id },
        mark,
        (code, reason) => {
          hub.unsubscribe(subscriber);
          ws.close(code, reason);
        },
      );
      ws.on('close', untrack);
    });
  }

  function connect(ws: WebSocket, campusId: string, userId: string): Subscriber {
    const subscriber: Subscriber = {
      campusId,
      userId,
      send(message: ServerSyncMessage) {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      },
    };
    let hasSaidHello = false;
    heartbeat.track(ws);
    ws.on('message', (data) => {
      const message = readClientMessage(data);
      if (message?.type === 'ping') subscriber.send({ type: 'pong' });
      else if (message?.type === 'hello' && !hasSaidHello) {
        hasSaidHello = true;
        void hub.subscribe(subscriber, message.since);
      }
    });
    ws.on('close', () => hub.unsubscribe(subscriber));
    ws.on('error', (error) => logger.info('sync socket error', { error: error.message }));
    return subscriber;
  }

  return {
    upgrade,
    get clientCount() {
      return sockets.clients.size;
    },
    /** Closes every connection (1012: service restart, so clients reconnect). */
    close() {
      heartbeat.stop();
      for (const ws of sockets.clients) ws.close(1012, 'server restarting');
      sockets.close();
    },
  };
}
