import type { ChatMessage } from '@campus/shared/chat-doc';
import { pendingMarksPrefix } from './pending-chats.ts';

/**
 * The viewer's messages the server has not acknowledged yet, per chat. Kept
 * in localStorage (beside y-indexeddb's copy of the doc) so 'Waiting for
 * connection…' survives a reload until a connection confirms them. A copy of
 * each such message is kept too (`chat-outgoing:`), written synchronously:
 * y-indexeddb stores the doc's update a moment later, and a tab closed in
 * that moment would lose the message while its mark stayed.
 */
function storageKey(viewerId: string, chatId: string): string {
  return `${pendingMarksPrefix(viewerId)}${chatId}`;
}

function outgoingKey(viewerId: string, chatId: string): string {
  return `chat-outgoing:${viewerId}:${chatId}`;
}

/** The kept copies of the viewer's unacknowledged messages in the chat. */
export function loadOutgoing(viewerId: string, chatId: string): ChatMessage[] {
  try {
    const stored = localStorage.getItem(outgoingKey(viewerId, chatId));
    return stored ? (JSON.parse(stored) as ChatMessage[]) : [];
  } catch {
    return [];
  }
}

/** Keeps a copy of a message the viewer just wrote, until the server acknowledges it. */
export function keepOutgoing(viewerId: string, chatId: string, message: ChatMessage): void {
  try {
    const kept = loadOutgoing(viewerId, chatId).filter((other) => other.id !== message.id);
    localStorage.setItem(outgoingKey(viewerId, chatId), JSON.stringify([...kept, message]));
  } catch {
    // Storage full or blocked: y-indexeddb's copy is the only one, as before.
  }
}

export function loadPendingIds(viewerId: string, chatId: string): Set<string> {
  try {
    const stored = localStorage.getItem(storageKey(viewerId, chatId));
    return new Set(stored ? (JSON.parse(stored) as string[]) : []);
  } catch {
    return new Set();
  }
}

/** Saves the marks; the kept copies of messages no longer pending go with them. */
export function savePendingIds(viewerId: string, chatId: string, ids: ReadonlySet<string>): void {
  try {
    if (ids.size === 0) {
      localStorage.removeItem(storageKey(viewerId, chatId));
      localStorage.removeItem(outgoingKey(viewerId, chatId));
      return;
    }
    localStorage.setItem(storageKey(viewerId, chatId), JSON.stringify([...ids]));
    const kept = loadOutgoing(viewerId, chatId);
    const stillPending = kept.filter((message) => ids.has(message.id));
    if (stillPending.length !== kept.length) {
      localStorage.setItem(outgoingKey(viewerId, chatId), JSON.stringify(stillPending));
    }
  } catch {
    // Storage full or blocked: the marks are lost, never the messages (y-indexeddb has them).
  }
}

export function forgetPendingIds(viewerId: string, chatId: string): void {
  savePendingIds(viewerId, chatId, new Set());
}
