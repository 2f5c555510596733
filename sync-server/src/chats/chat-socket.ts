import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CampusDefinition } from '@campus/shared/campuses';
import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { WebSocketServer } from 'ws';
import { isBlockedEitherWay } from '../blocks/blocks.repository.ts';
import type { Db } from '../db/database.ts';
import { startHeartbeat } from '../http/socket-heartbeat.ts';
import { isSameOriginUpgrade, refuseUpgrade } from '../http/upgrade-router.ts';
import type { SessionSockets } from '../sessions/session-sockets.ts';
import { readUpgradeSession } from '../sessions/upgrade-session.ts';
import { closeConnection } from './chat-connection.ts';
import { UUID_PATTERN } from './chat-message-shape.ts';
import type { ChatRooms } from './chat-rooms.ts';
import { findMemberChat } from './chats.repository.ts';

export interface ChatSocketOptions {
  db: Db;
  rooms: ChatRooms;
  /** The campus of a Host header, or null for a host this server does not serve (campus.middleware.ts). */
  campusOf: (host: string | undefined) => CampusDefinition | null;
  /** Ending a session closes its sockets (4401), and nothing it sends after is handled. */
  sessionSockets: SessionSockets;
  /** How often a silent connection is pinged; one missed pong closes it. */
  heartbeatMs?: number;
}

/**
 * A frame is at most 1 MB (decision 019): an offline backlog arrives as one sync step 2 of at most
 * 100 messages (MAX_MESSAGES_PER_UPDATE) of at most ~7.5 KB each. A larger frame closes the socket (1009).
 */
const MAX_CHAT_FRAME_BYTES = 1024 * 1024;

/**
 * The y-websocket endpoint of one conversation, `${CHAT_SOCKET_PREFIX}${chatId}`
 * on the campus host (issue 6). The upgrade is refused before any socket
 * exists unless the page is of this host (403), the session cookie is valid
 * (401), the chat is one of this campus's and the user is one of its two
 * members (404, whichever is missing), and neither member blocked the other (403).
 */
export function createChatSocket({ db, rooms, campusOf, sessionSockets, heartbeatMs = 30_000 }: ChatSocketOptions) {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_CHAT_FRAME_BYTES });
  const heartbeat = startHeartbeat(sockets, heartbeatMs);

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const chatId = pathname.slice(CHAT_SOCKET_PREFIX.length);
    if (!UUID_PATTERN.test(chatId)) return refuseUpgrade(socket, 404, 'Not Found');
    if (!isSameOriginUpgrade(request)) return refuseUpgrade(socket, 403, 'Forbidden');
    const campus = campusOf(request.headers.host);
    if (!campus) return refuseUpgrade(socket, 404, 'Not Found');
    const mark = sessionSockets.mark();
    const session = await readUpgradeSession(db, request);
    if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
    const { user } = session;
    const chat = await findMemberChat(db, chatId, user.id, campus.id);
    if (!chat) return refuseUpgrade(socket, 404, 'Not Found');
    // Past its message rate (decision 019): the stock client backs off and comes back.
    if (!rooms.canSend(user.id)) return refuseUpgrade(socket, 429, 'Too Many Requests');
    if (await isBlockedEitherWay(db, chat.memberIds[0], chat.memberIds[1])) {
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      heartbeat.track(ws);
      const connection = rooms.join(chat, { id: user.id, firstName: user.first_name }, ws);
      const untrack = sessionSockets.track({ sessionId: session.sessionId, userId: user.id }, mark, (code, reason) =>
        closeConnection(connection, code, reason),
      );
      ws.on('close', untrack);
    });
  }

  return {
    upgrade,
    get clientCount() {
      return sockets.clients.size;
    },
    close() {
      heartbeat.stop();
      sockets.close();
    },
  };
}
