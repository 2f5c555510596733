import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { messagesOf, readsOf } from '@campus/shared/chat-doc';
import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { type ApplyOutcome, applyChatUpdate, type BlockCheck, type PendingUpdate } from './chat-apply.ts';
import { checkAwareness } from './chat-awareness.ts';
import { storeChatBatch } from './chat-batch-store.ts';
import { type ChatConnection, closeConnection, sendTo } from './chat-connection.ts';
import type { InboxQueue } from './chat-inbox-queue.ts';
import type { ChatMessageLimiter } from './chat-message-rate.ts';
import { type ChatMetadataState, newestOf } from './chat-metadata.ts';
import { encodeSyncStep1, encodeSyncStep2, encodeUpdateMessage, readChatSocketMessage } from './chat-protocol.ts';
import { recentOfDoc } from './chat-recent.ts';
import { compactChatLog, loadChatLog } from './chat-update-log.ts';
import type { ChatWriter } from './chat-writer.ts';

export interface RoomChat {
  id: string;
  campusId: string;
  memberIds: readonly [string, string];
}

export interface ChatRoomDependencies {
  db: Db;
  /** Shared by every room: one commit for what all rooms store in one turn. */
  writer: ChatWriter;
  /** Shared by every room: inbox columns and notifications are written a moment after the log. */
  inbox: InboxQueue;
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
 * order. Each batch is checked update by update and applied; then the
 * accepted updates and the metadata they imply are handed to the chat
 * writer, which commits every room's batch of one turn in one SQLite
 * transaction (chat-writer.ts), and only then relayed to the other sockets,
 * merged into one message per socket. So nothing is relayed that is not
 * stored, and a burst costs a share of one commit. What the batch means for
 * the inbox follows a moment later (chat-inbox-queue.ts).
 */
export function createChatRoom(chat: RoomChat, dependencies: ChatRoomDependencies) {
  const { db, logger } = dependencies;
  const doc = new Y.Doc();
  // Defined before anything is applied, so their items land in maps (chat-update-rules.ts).
  const messages = messagesOf(doc);
  const reads = readsOf(doc);
  const connections = new Set<ChatConnection>();
  const inbox: { connection: ChatConnection; data: Uint8Array | null }[] = [];
  let pending: PendingUpdate[] = [];
  const state: ChatMetadataState = {
    chatId: chat.id,
    campusId: chat.campusId,
    memberIds: chat.memberIds,
    newest: null,
    messageCount: 0,
    storedUnread: new Map(),
  };
  // Each socket was checked for a block when it opened (chat-socket.ts); re-checked from here on.
  const blockCheck: BlockCheck = { checkedAt: Date.now() };
  let logRows = 0;
  let isShut = false;
  /** Deleted or failed: nothing more is handled or stored. */
  let isStopped = false;
  let draining: Promise<void> | null = null;

  /** The doc is loaded: a drain need not wait for `ready` (and costs no promise for it). */
  let isLoaded = false;
  const ready = dependencies.previousCopyGone.then(async () => {
    logRows = (await loadChatLog(db, chat.id, doc)).updates;
    state.messageCount = messages.size;
    state.newest = newestOf(messages.values());
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

  /** Handles one socket message; answers a promise only when it has to wait (a query, a flush). */
  function handle(connection: ChatConnection, data: Uint8Array | null): void | Promise<void> {
    if (connection.isRefused) return;
    if (data === null) {
      // A new socket: the server's side of the handshake (y-websocket's setupWSConnection).
      connection.isAwaitingStep2 = true;
      return sendTo(connection, encodeSyncStep1(doc));
    }
    let message: ReturnType<typeof readChatSocketMessage>;
    try {
      message = readChatSocketMessage(data);
    } catch {
      return refuse(connection, CHAT_SOCKET_CLOSE.badMessage, 'unreadable message');
    }
    if (message.type === 'step1') return answerStepOne(connection, message.stateVector);
    if (message.type === 'awareness') {
      const verdict = checkAwareness(connection.awareness, data, message.update, (clientId) => {
        for (const other of connections) if (other !== connection && other.awareness.clientId === clientId) return true;
        return false;
      });
      if ('dropped' in verdict) {
        logger.info('chat presence dropped', { chatId: chat.id, userId: connection.userId, reason: verdict.dropped });
      } else {
        for (const other of connections) sendTo(other, verdict.relay);
      }
    } else if (message.type === 'step2' || message.type === 'update') {
      const isStep2 = message.type === 'step2';
      if (isStep2) connection.isAwaitingStep2 = false;
      const outcome = applyChatUpdate(
        { db, doc, chat, connection, blockCheck, limiter: dependencies.limiter },
        message.update,
      );
      return outcome instanceof Promise
        ? outcome.then((answered) => afterApply(connection, isStep2, answered))
        : afterApply(connection, isStep2, outcome);
    }
  }

  function afterApply(connection: ChatConnection, isStep2: boolean, outcome: ApplyOutcome): void | Promise<void> {
    if (outcome.type === 'unapplicable') {
      // Checked, yet Yjs threw: the sender is let go, and the doc, maybe half changed, is dropped.
      refuse(connection, CHAT_SOCKET_CLOSE.refused, 'update Yjs could not apply');
      throw outcome.error;
    }
    if (outcome.type === 'refused') return refuse(connection, CHAT_SOCKET_CLOSE.refused, outcome.reason);
    if (outcome.type === 'slowDown') return refuse(connection, CHAT_SOCKET_CLOSE.slowDown, 'too many messages');
    if (outcome.type === 'applied') pending.push(outcome.pending);
    if (outcome.type === 'missing' && !connection.isAwaitingStep2) {
      // Built on something the server lacks: ask for everything the client has that the server
      // does not, and hold its step 1s meanwhile, so an answer still acknowledges all it sent before.
      connection.isAwaitingStep2 = true;
      connection.heldStepOnes = [];
      sendTo(connection, encodeSyncStep1(doc));
    } else if (isStep2 && connection.heldStepOnes) {
      const held = connection.heldStepOnes;
      connection.heldStepOnes = null;
      return answerHeld(connection, held);
    }
  }

  async function answerHeld(connection: ChatConnection, held: Uint8Array[]) {
    for (const stateVector of held) await answerStepOne(connection, stateVector);
  }

  /** What the client is sent must already be stored: flush first. */
  async function answerStepOne(connection: ChatConnection, stateVector: Uint8Array) {
    if (connection.heldStepOnes) return void connection.heldStepOnes.push(stateVector);
    await flush();
    let answer: Uint8Array;
    try {
      answer = encodeSyncStep2(doc, stateVector);
    } catch {
      return refuse(connection, CHAT_SOCKET_CLOSE.badMessage, 'unreadable state vector');
    }
    sendTo(connection, answer);
  }

  function refuse(connection: ChatConnection, code: number, reason: string) {
    logger.info('chat update refused', { chatId: chat.id, userId: connection.userId, reason });
    connection.isRefused = true;
    connections.delete(connection);
    closeConnection(connection, code, reason);
  }

  async function flush() {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    if (isStopped) return;
    await storeChatBatch(dependencies, state, reads, batch);
    logRows += batch.length;
    relay(batch);
  }

  /** Sends each socket what the others sent, as one update message however many there were. */
  function relay(batch: PendingUpdate[]) {
    for (const connection of connections) {
      const updates: Uint8Array[] = [];
      for (const update of batch) if (update.connection !== connection) updates.push(update.update);
      if (updates.length === 0) continue;
      sendTo(
        connection,
        encodeUpdateMessage(updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates)),
      );
    }
  }

  async function compact() {
    try {
      const seq = await compactChatLog(dependencies.writer, chat.id, doc);
      logRows = 1;
      // Nothing else changed: the chat's inbox columns now follow the snapshot.
      dependencies.inbox.add({
        chatId: chat.id,
        seq,
        now: new Date().toISOString(),
        lastMessage: null,
        reads: [],
        unread: [],
        notifications: [],
      });
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
