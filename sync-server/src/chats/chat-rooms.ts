import type { WebSocket } from 'ws';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import type { ChangeHub } from '../sync/change-hub.ts';
import { createChatConnection } from './chat-connection.ts';
import { createInboxQueue } from './chat-inbox-queue.ts';
import { type ChatMessageRate, createChatMessageLimiter, DEFAULT_CHAT_MESSAGE_RATE } from './chat-message-rate.ts';
import { type ChatRoom, createChatRoom } from './chat-room.ts';
import { createChatWriter } from './chat-writer.ts';
import type { RoomChat } from './chats.repository.ts';

export interface ChatRoomsOptions {
  db: Db;
  logger: Logger;
  /** Poked after a chat's inbox columns are written, so inboxes hear of it (REST writes poke in app.ts). */
  changeHub?: ChangeHub;
  /** A doc nobody has open is kept this long, then compacted and dropped. */
  idleMs?: number;
  /** A log longer than this, and longer than the doc has messages, is compacted while the doc is open. */
  compactAfterRows?: number;
  /** Each member's message rate across their chats (CHAT_MESSAGE_BURST, CHAT_MESSAGES_PER_MINUTE). */
  messageRate?: ChatMessageRate;
}

export type ChatRooms = ReturnType<typeof createChatRooms>;

/**
 * The conversations loaded in memory (issue 6): a doc is loaded from its log
 * when its first member connects, and dropped after `idleMs` with nobody
 * connected, compacting its log first. While a dropped copy compacts, a new
 * copy of the same chat waits for it before reading the log, so the log has
 * one writer at a time.
 */
export function createChatRooms({
  db,
  logger,
  changeHub,
  idleMs = 30_000,
  compactAfterRows = 500,
  messageRate = DEFAULT_CHAT_MESSAGE_RATE,
}: ChatRoomsOptions) {
  const writer = createChatWriter(db, logger);
  const limiter = createChatMessageLimiter(messageRate);
  const inbox = createInboxQueue(writer, logger, { onInboxChanged: () => changeHub?.poke() });
  const rooms = new Map<string, ChatRoom>();
  const leaving = new Map<string, Promise<void>>();
  const idleTimers = new Map<string, NodeJS.Timeout>();

  function clearIdle(chatId: string) {
    clearTimeout(idleTimers.get(chatId));
    idleTimers.delete(chatId);
  }

  /** Drops `room` once it has stored what it holds, compacting its log. */
  function evict(room: ChatRoom): Promise<void> {
    if (rooms.get(room.chatId) !== room) return leaving.get(room.chatId) ?? Promise.resolve();
    rooms.delete(room.chatId);
    clearIdle(room.chatId);
    const gone = (async () => {
      await room.settled();
      if (room.logRows > 1) await room.compact();
      room.destroy();
    })().finally(() => {
      if (leaving.get(room.chatId) === gone) leaving.delete(room.chatId);
    });
    leaving.set(room.chatId, gone);
    return gone;
  }

  /** A room nobody has open is dropped after `idleMs`, unless someone connects meanwhile. */
  function scheduleIdle(idle: ChatRoom) {
    if (rooms.get(idle.chatId) !== idle || idleTimers.has(idle.chatId)) return;
    const timer = setTimeout(() => {
      idleTimers.delete(idle.chatId);
      if (idle.connectionCount === 0) void evict(idle);
    }, idleMs);
    timer.unref();
    idleTimers.set(idle.chatId, timer);
  }

  function roomFor(chat: RoomChat): ChatRoom {
    const existing = rooms.get(chat.id);
    if (existing) return existing;
    const room = createChatRoom(chat, {
      db,
      writer,
      inbox,
      logger,
      limiter,
      compactAfterRows,
      previousCopyGone: leaving.get(chat.id) ?? Promise.resolve(),
      onIdle: scheduleIdle,
      onFailed(failed) {
        if (rooms.get(failed.chatId) === failed) rooms.delete(failed.chatId);
        clearIdle(failed.chatId);
        failed.destroy();
      },
    });
    rooms.set(chat.id, room);
    return room;
  }

  return {
    /** A member's socket joins the chat's doc (chat-socket.ts checked who and where). */
    join(chat: RoomChat, user: { id: string; firstName: string }, ws: WebSocket) {
      const room = roomFor(chat);
      clearIdle(chat.id);
      const connection = createChatConnection(ws, user);
      ws.on('message', (data: Buffer) => {
        room.receive(connection, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      });
      ws.on('close', () => room.leave(connection));
      ws.on('error', (error) => logger.info('chat socket error', { chatId: chat.id, error: error.message }));
      room.join(connection);
      return connection;
    },
    /**
     * The newest `limit` messages of a chat (GET /api/chats/:id/recent), from its loaded doc: the
     * doc is loaded if needed and kept as if its last socket had just left, for the socket that follows.
     */
    recent(chat: RoomChat, limit: number) {
      const room = roomFor(chat);
      if (room.connectionCount === 0) scheduleIdle(room);
      return room.recent(limit);
    },
    /** Whether `userId` may send a message now; a chat socket is refused (429) while not. */
    canSend(userId: string): boolean {
      return limiter.canSend(userId);
    },
    /** The chat was deleted (DELETE /api/chats/:id): its sockets close with 4404 and its doc goes. */
    forget(chatId: string) {
      const room = rooms.get(chatId);
      if (!room) return;
      rooms.delete(chatId);
      clearIdle(chatId);
      room.forget();
      void room.settled().then(() => room.destroy());
    },
    /** The loaded copy of a chat, if any (tests). */
    roomOf(chatId: string): ChatRoom | undefined {
      return rooms.get(chatId);
    },
    /** Drops a chat's doc now, as the idle timer would (tests: compaction, reload). */
    evict(chatId: string): Promise<void> {
      const room = rooms.get(chatId);
      return room ? evict(room) : (leaving.get(chatId) ?? Promise.resolve());
    },
    get size() {
      return rooms.size;
    },
    /** Resolves when every room has stored what it received so far, inbox columns and notifications included. */
    async settled(): Promise<void> {
      await Promise.all([...rooms.values()].map((room) => room.settled()));
      await inbox.flush();
    },
    /** Shutdown: close every socket (1012, clients reconnect), store and compact every doc. */
    async close(): Promise<void> {
      const all = [...rooms.values()];
      for (const room of all) room.shut(1012, 'server restarting');
      await Promise.all(all.map(evict));
      await Promise.all(leaving.values());
      await inbox.flush();
      await writer.close();
    },
  };
}
