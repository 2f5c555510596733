import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import type * as Y from 'yjs';
import type { Logger } from '../http/logger.ts';
import { type ApplyOutcome, applyChatUpdate, type ChatApplyContext, type PendingUpdate } from './chat-apply.ts';
import { checkAwareness } from './chat-awareness.ts';
import { type ChatConnection, closeConnection, sendTo } from './chat-connection.ts';
import { encodeSyncStep1, encodeSyncStep2, readChatSocketMessage } from './chat-protocol.ts';

export interface ChatSyncHandlerParts {
  chatId: string;
  doc: Y.Doc;
  /** The room's open sockets: a refused one leaves it. */
  connections: Set<ChatConnection>;
  applying: ChatApplyContext;
  logger: Logger;
  /** An applied update waits for the room's next flush. */
  accept(update: PendingUpdate<ChatConnection>): void;
  /** Stores and relays what is pending (chat-room.ts). */
  flush(): Promise<void>;
}

/**
 * The room's side of y-protocols sync (decision 014), one socket message at
 * a time in the room's queue order: step 1 on connect; a step 1 answered
 * with a step 2 once the pending batch is stored; updates and step 2s
 * through the apply step (chat-apply.ts), a refused one closing its socket
 * (4403, 4529 past the rate, 4400 unreadable); an update built on what the
 * server lacks answered with a fresh step 1, the client's own step 1s held
 * until its step 2 is in; presence checked and relayed (chat-awareness.ts).
 */
export function createChatSyncHandler({
  chatId,
  doc,
  connections,
  applying,
  logger,
  accept,
  flush,
}: ChatSyncHandlerParts) {
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
        logger.info('chat presence dropped', { chatId, userId: connection.userId, reason: verdict.dropped });
      } else {
        for (const other of connections) sendTo(other, verdict.relay);
      }
    } else if (message.type === 'step2' || message.type === 'update') {
      const isStep2 = message.type === 'step2';
      if (isStep2) connection.isAwaitingStep2 = false;
      const outcome = applyChatUpdate(applying, connection, message.update);
      return outcome instanceof Promise
        ? outcome.then((answered) => afterApply(connection, isStep2, answered))
        : afterApply(connection, isStep2, outcome);
    }
  }

  function afterApply(
    connection: ChatConnection,
    isStep2: boolean,
    outcome: ApplyOutcome<ChatConnection>,
  ): void | Promise<void> {
    if (outcome.type === 'unapplicable') {
      // Checked, yet Yjs threw: the sender is let go, and the doc, maybe half changed, is dropped.
      refuse(connection, CHAT_SOCKET_CLOSE.refused, 'update Yjs could not apply');
      throw outcome.error;
    }
    if (outcome.type === 'refused') return refuse(connection, CHAT_SOCKET_CLOSE.refused, outcome.reason);
    if (outcome.type === 'slowDown') return refuse(connection, CHAT_SOCKET_CLOSE.slowDown, 'too many messages');
    if (outcome.type === 'applied') accept(outcome.pending);
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
    logger.info('chat update refused', { chatId, userId: connection.userId, reason });
    connection.isRefused = true;
    connections.delete(connection);
    closeConnection(connection, code, reason);
  }

  return handle;
}
