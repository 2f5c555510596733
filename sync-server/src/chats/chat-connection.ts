import type { WebSocket } from 'ws';
import { type AwarenessState, createAwarenessState } from './chat-awareness.ts';

/** One member's socket on one conversation. */
export interface ChatConnection {
  readonly ws: WebSocket;
  readonly userId: string;
  /** For '{First name} liked a message'. */
  readonly firstName: string;
  /** The socket closed; what it sent before still counts. */
  isClosed: boolean;
  /** It sent a refused update: nothing more from it is handled. */
  isRefused: boolean;
  /** A sync step 1 went out and its step 2 has not come back yet. */
  isAwaitingStep2: boolean;
  /** Its step 1s held while the server waits for the step 2 of a resync (chat-sync-handler.ts). */
  heldStepOnes: Uint8Array[] | null;
  /** Its presence client and rate (chat-awareness.ts). */
  awareness: AwarenessState;
}

export function createChatConnection(ws: WebSocket, user: { id: string; firstName: string }): ChatConnection {
  return {
    ws,
    userId: user.id,
    firstName: user.firstName,
    isClosed: false,
    isRefused: false,
    isAwaitingStep2: false,
    heldStepOnes: null,
    awareness: createAwarenessState(),
  };
}

export function sendTo(connection: ChatConnection, data: Uint8Array): void {
  if (connection.isClosed || connection.ws.readyState !== connection.ws.OPEN) return;
  connection.ws.send(data);
}

export function closeConnection(connection: ChatConnection, code: number, reason: string): void {
  connection.isClosed = true;
  if (connection.ws.readyState === connection.ws.OPEN || connection.ws.readyState === connection.ws.CONNECTING) {
    connection.ws.close(code, reason);
  }
}
