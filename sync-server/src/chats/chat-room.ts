import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { messagesOf, readsOf } from '@campus/shared/chat-doc';
import * as Y from 'yjs';
import type { Logger } from '../http/logger.ts';
import type { ChatApplyContext, PendingUpdate } from './chat-apply.ts';
import { planChatBatch, relayFrameFor } from './chat-batch.ts';
import { type ChatConnection, closeConnection, sendTo } from './chat-connection.ts';
import type { ChatMessageLimiter } from './chat-message-rate.ts';
import { uuidv7Time } from './chat-message-shape.ts';
import { type ChatMetadataState, metadataStateOf } from './chat-metadata.ts';
import { recentOfDoc } from './chat-recent.ts';
import { type ChatRoomStoreDependencies, createChatRoomStore } from './chat-room-store.ts';
import { createChatSyncHandler } from './chat-sync-handler.ts';
import type { RoomChat } from './chats.repository.ts';

export interface ChatRoomDependencies extends ChatRoomStoreDependencies {
  logger: Logger;
  /** Shared by every room: each member's message rate (decision 019). */
  limiter: ChatMessageLimiter;
  compactAfterRows: number;
  /** Resolves once nobody else writes this chat's log (an earlier copy finished compacting). */
  previousCopyGone: Promise<void>;
  /** The room has no connection left and nothing to do. */
  onIdle(room: ChatRoom): void;
  /** Something failed (a write): the registry forgets this copy; clients reconnect to a fresh one. */
  onFailed(room: ChatRoom): void;
}

export type ChatRoom = ReturnType<typeof createChatRoom>;

/**
 * One conversation's server copy (issue 6): the Y.Doc, its members'
 * sockets, and one queue through which everything they send is handled in
 * order (chat-sync-handler.ts answers each message). The room only wires
 * them: each update of a batch goes through the apply step (chat-apply.ts: checked, applied, answered as what to store);
 * the batch's record (chat-batch.ts) goes to the store (chat-room-store.ts),
 * whose chat writer commits every room's batch of one turn in one SQLite
 * transaction, and only then is it relayed to the other sockets, merged into
 * one message per socket. So nothing is relayed that is not stored, and a
 * burst costs a share of one commit. What the batch means for the inbox
 * follows a moment later (chat-inbox-queue.ts).
 */
export function createChatRoom(chat: RoomChat, dependencies: ChatRoomDependencies) {
  const { logger } = dependencies;
  const store = createChatRoomStore(dependencies, chat);
  const doc = new Y.Doc();
  // Defined before anything is applied, so their items land in maps (chat-update-rules.ts).
  const messages = messagesOf(doc);
  const reads = readsOf(doc);
  const connections = new Set<ChatConnection>();
  const inbox: { connection: ChatConnection; data: Uint8Array | null }[] = [];
  let pending: PendingUpdate<ChatConnection>[] = [];
  let state: ChatMetadataState = metadataStateOf(chat, messages);
  const applying: ChatApplyContext = {
    doc,
    chatStartedAt: uuidv7Time(chat.id),
    // Each socket was checked for a block when it opened (chat-socket.ts); re-checked from here on.
    blockCheck: { checkedAt: Date.now() },
    limiter: dependencies.limiter,
    isBlocked: store.isBlocked,
    referenceProblem: store.referenceProblem,
  };
  let logRows = 0;
  let isShut = false;
  /** Deleted or failed: nothing more is handled or stored. */
  let isStopped = false;
  let draining: Promise<void> | null = null;
  const handle = createChatSyncHandler({
    chatId: chat.id,
    doc,
    connections,
    applying,
    logger,
    accept: (update) => void pending.push(update),
    flush,
  });

  /** The doc is loaded: a drain need not wait for `ready` (and costs no promise for it). */
  let isLoaded = false;
  const ready = dependencies.previousCopyGone.then(async () => {
    logRows = await store.load(doc);
    state = metadataStateOf(chat, messages);
    isLoaded = true;
  });

  function schedule() {
    draining ??= drain().finally(() => {
      draining = null;
      if (inbox.length > 0 && !isStopped) schedule();
      else if (connections.size === 0) dependencies.onIdle(room);
    });
  }

  async function drain() {
    try {
      if (!isLoaded) await ready;
      while (inbox.length > 0 && !isStopped) {
        for (const item of inbox.splice(0)) {
          const handling = handle(item.connection, item.data);
          if (handling) await handling;
        }
        await flush();
        // Past the limit and past the doc's own size: a long chat is not re-encoded every few hundred rows.
        if (logRows >= Math.max(dependencies.compactAfterRows, state.messageCount)) await compact();
      }
      if (pending.length > 0) await flush();
    } catch (error) {
      fail(error);
    }
  }

  async function flush() {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    if (isStopped) return;
    await store.store(state, planChatBatch(state, reads, batch));
    logRows += batch.length;
    // Each socket gets what the others sent, as one update message however many there were.
    for (const connection of connections) {
      const frame = relayFrameFor(batch, connection);
      if (frame) sendTo(connection, frame);
    }
  }

  async function compact() {
    try {
      await store.compact(doc);
      logRows = 1;
    } catch (error) {
      // The rows are still there: the next compaction tries again.
      if (!isStopped) logger.error('chat log compaction failed', { chatId: chat.id, error: String(error) });
    }
  }

  function fail(error: unknown) {
    if (!isStopped) logger.error('chat room failed', { chatId: chat.id, error: String(error) });
    isStopped = true;
    shut(1011, 'server error');
    dependencies.onFailed(room);
  }

  /** Closes every socket and takes nothing new; what is already queued is still handled and stored. */
  function shut(code: number, reason: string) {
    isShut = true;
    for (const connection of connections) closeConnection(connection, code, reason);
    connections.clear();
  }

  const room = {
    chatId: chat.id,
    doc,
    get connectionCount() {
      return connections.size;
    },
    get logRows() {
      return logRows;
    },
    join(connection: ChatConnection) {
      connections.add(connection);
      inbox.push({ connection, data: null });
      schedule();
    },
    receive(connection: ChatConnection, data: Uint8Array) {
      // A closed connection (its session ended, say) may still have frames in flight: they are not handled.
      if (connection.isRefused || connection.isClosed || isShut) return;
      inbox.push({ connection, data });
      schedule();
    },
    leave(connection: ChatConnection) {
      connection.isClosed = true;
      connections.delete(connection);
      if (connections.size === 0 && draining === null) dependencies.onIdle(room);
    },
    /** Resolves when everything received so far is handled and stored, its inbox columns and notifications too. */
    async settled(): Promise<void> {
      await ready.catch(() => undefined);
      while (draining) await draining;
      await dependencies.inbox.flush();
    },
    shut,
    /** The newest `limit` messages once the doc is loaded (GET /api/chats/:id/recent). */
    async recent(limit: number) {
      if (!isLoaded) await ready;
      return recentOfDoc(doc, limit);
    },
    /** The chat was deleted: close its sockets, store nothing more. */
    forget() {
      isStopped = true;
      shut(CHAT_SOCKET_CLOSE.deleted, "This conversation doesn't exist");
    },
    compact,
    destroy() {
      doc.destroy();
    },
  };
  return room;
}
