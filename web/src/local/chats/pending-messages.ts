import { pendingMarksPrefix } from './pending-chats.ts';

/**
 * The viewer's messages the server has not acknowledged yet, per chat. Kept
 * in localStorage (beside y-indexeddb's copy of the doc) so 'Waiting for
 * connection…' survives a reload until a connection confirms them.
 */
function storageKey(viewerId: string, chatId: string): string {
  return `${pendingMarksPrefix(viewerId)}${chatId}`;
}

export function loadPendingIds(viewerId: string, chatId: string): Set<string> {
  try {
    const stored = localStorage.getItem(storageKey(viewerId, chatId));
    return new Set(stored ? (JSON.parse(stored) as string[]) : []);
  } catch {
    return new Set();
  }
}

export function savePendingIds(viewerId: string, chatId: string, ids: ReadonlySet<string>): void {
  try {
    if (ids.size === 0) localStorage.removeItem(storageKey(viewerId, chatId));
    else localStorage.setItem(storageKey(viewerId, chatId), JSON.stringify([...ids]));
  } catch {
    // Storage full or blocked: the marks are lost, never the messages (y-indexeddb has them).
  }
}

export function forgetPendingIds(viewerId: string, chatId: string): void {
  savePendingIds(viewerId, chatId, new Set());
}
