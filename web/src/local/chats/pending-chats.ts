/**
 * What the app's entry needs to know of the pending marks (pending-messages.ts):
 * which chats hold some. Kept apart so the entry chunk carries only this.
 */
export function pendingMarksPrefix(viewerId: string): string {
  return `chat-pending:${viewerId}:`;
}

/** The chats in which the viewer has messages the server has not acknowledged (the app-wide sender's work). */
export function pendingChatIds(viewerId: string): string[] {
  const prefix = pendingMarksPrefix(viewerId);
  const chatIds: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(prefix)) chatIds.push(key.slice(prefix.length));
    }
  } catch {
    // Storage blocked: nothing was marked either.
  }
  return chatIds;
}

/**
 * Asks the app-wide sender (chat-sender-gate.tsx) to look for pending
 * messages now: a conversation closed with some (it sends them while open).
 */
export const pendingMessagesRequests = new EventTarget();

export function requestPendingMessagesSend(): void {
  pendingMessagesRequests.dispatchEvent(new Event('send'));
}
