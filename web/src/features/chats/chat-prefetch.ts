import type { ChatSummaryDto } from '@campus/shared/chat-api';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { chatDatabaseName, isChatOpen } from './chat-sync.ts';

/** The inbox's newest conversations kept on the device, so they open with no network (decision 015). */
const PREFETCHED_CHATS = 10;
/** A conversation that has not synced by then is left for the next time the inbox is read. */
const SYNC_TIMEOUT_MS = 10_000;

/** Per viewer: chat id → the inbox's lastModified when the device's copy was last brought up to date. */
function prefetchedKey(viewerId: string): string {
  return `chat-prefetched:${viewerId}`;
}

function readPrefetched(viewerId: string): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(prefetchedKey(viewerId)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writePrefetched(viewerId: string, prefetched: Record<string, string>): void {
  try {
    localStorage.setItem(prefetchedKey(viewerId), JSON.stringify(prefetched));
  } catch {
    // Storage full or refused: the next inbox read syncs these chats again, which is harmless.
  }
}

/**
 * Brings the device's copy of one conversation up to date: reads it
 * (y-indexeddb), syncs it with the server once (y-websocket), and closes.
 * Answers whether the server's state arrived. Anything the device had that
 * the server lacked goes up in the same exchange, as when the chat is open.
 */
async function prefetchChat(chatId: string, viewerId: string, serverUrl: string): Promise<boolean> {
  const doc = new Y.Doc();
  const persistence = new IndexeddbPersistence(chatDatabaseName(viewerId, chatId), doc);
  let provider: WebsocketProvider | null = null;
  try {
    await persistence.whenSynced;
    const opened = new WebsocketProvider(serverUrl, chatId, doc, { disableBc: true });
    provider = opened;
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      opened.on('sync', (isSynced: boolean) => {
        if (!isSynced) return;
        clearTimeout(timer);
        resolve(true);
      });
      // Refused (not a member any more, chat deleted, signed out) or dropped: try another time.
      opened.on('connection-close', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
  } finally {
    provider?.destroy();
    // Closing waits for the store of what arrived (IndexedDB finishes a connection's transactions first).
    await persistence.destroy();
    doc.destroy();
  }
}

let running: Promise<void> | null = null;
let queued: (() => Promise<void>) | null = null;

/**
 * After the inbox was read online: the newest conversations whose inbox row
 * changed since the device last synced them are synced one after the other
 * (one socket at a time), skipping any open on this screen (its own doc
 * keeps it up to date). A later call while one runs replaces what is queued.
 * Only the newest are remembered: one that drops out and comes back has a
 * new row anyway, and a deleted one is forgotten.
 */
export function prefetchChats(
  viewerId: string,
  chats: readonly Pick<ChatSummaryDto, 'id' | 'lastModified'>[],
  serverUrl: string,
): Promise<void> {
  const run = async () => {
    const newest = chats.slice(0, PREFETCHED_CHATS);
    const stored = readPrefetched(viewerId);
    const prefetched: Record<string, string> = {};
    for (const { id } of newest) if (stored[id] !== undefined) prefetched[id] = stored[id];
    writePrefetched(viewerId, prefetched);
    for (const chat of newest) {
      if (!navigator.onLine) return;
      if (prefetched[chat.id] === chat.lastModified || isChatOpen(viewerId, chat.id)) continue;
      if (!(await prefetchChat(chat.id, viewerId, serverUrl))) continue;
      prefetched[chat.id] = chat.lastModified;
      writePrefetched(viewerId, prefetched);
    }
  };
  if (running) {
    queued = run;
    return running;
  }
  running = (async () => {
    let next: (() => Promise<void>) | null = run;
    while (next) {
      queued = null;
      await next().catch((error: unknown) => console.warn('chat prefetch failed', error));
      next = queued;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}
