import type { OutboxDelivery } from '../outbox.ts';
import { createChatPhotoDelivery, type DeliveryDoc } from './chat-photos.ts';
import { chatSocketUrl, createChatSync, openChatSync } from './chat-sync.ts';
import { requestPendingMessagesSend } from './pending-chats.ts';
import { waitForSnapshot } from './wait-for-snapshot.ts';

/**
 * The chat's engine for a `chat.photo` delivery: the open conversation's
 * when this tab shows it (the bubble turns into the sent message in place),
 * else one of its own, kept until the server has the messages it sent (or
 * 20 s).
 */
async function openChatPhotoDoc(viewerId: string, chatId: string): Promise<DeliveryDoc> {
  const open = openChatSync(viewerId, chatId);
  // An engine of its own needs no onServerChange: the inbox hears of the sent message from the
  // server's change notices (/api/sync).
  const sync = open ?? createChatSync({ chatId, viewerId, serverUrl: chatSocketUrl() });
  if (!(await waitForSnapshot(sync, (snapshot) => snapshot.isLoaded, 20_000))) {
    if (!open) sync.destroy();
    throw new Error('The conversation could not be read from the device');
  }
  const sent = new Set<string>();
  return {
    doc: sync.doc,
    send(message) {
      // The screen closed mid-drain: its doc is gone, so the entry must stay for the next drain.
      if (open && openChatSync(viewerId, chatId) !== open) throw new Error('The conversation was closed');
      sent.add(message.id);
      sync.send(message);
    },
    release() {
      if (open) return;
      void waitForSnapshot(sync, (snapshot) => ![...sent].some((id) => snapshot.pendingIds.has(id)), 20_000).then(
        (isAcknowledged) => {
          sync.destroy();
          // Still pending: the app-wide sender (use-chat-sender.ts) tries again, with its backoff.
          if (!isAcknowledged) requestPendingMessagesSend();
        },
      );
    },
  };
}

/**
 * The outbox's `chat.photo` delivery in the browser. It carries the chat
 * engine (Yjs, ~28 KB gzipped), so local-sync-context.tsx imports it only
 * when a drain meets a chat photo: a page load with none does not fetch it.
 */
export function openChatPhotoDelivery(viewerId: string): OutboxDelivery {
  return createChatPhotoDelivery((chatId) => openChatPhotoDoc(viewerId, chatId));
}
