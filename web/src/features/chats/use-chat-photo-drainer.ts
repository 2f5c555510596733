import { useEffect } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { useAlerts } from '../../lib/alerts/alerts-context.tsx';
import type { LocalDb } from '../../local/local-db.ts';
import { chatPhotoDrainRequests } from './chat-photo-drain-requests.ts';
import { type DrainDoc, drainChatPhotos } from './chat-photo-queue.ts';
import { chatSocketUrl, createChatSync, openChatSync } from './chat-sync.ts';
import { createDrainLoop } from './drain-loop.ts';
import { requestPendingMessagesSend } from './pending-chats.ts';
import { waitForSnapshot } from './wait-for-snapshot.ts';

function withChatPhotoLock<T>(run: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return run();
  return navigator.locks.request('chat-photo-queue', run) as Promise<T>;
}

/**
 * The chat's engine for a drain: the open conversation's when this tab shows
 * it (the bubble turns into the sent message in place), else one of its own,
 * kept until the server has the messages it sent (or 20 s).
 */
async function openDrainDoc(viewerId: string, chatId: string): Promise<DrainDoc> {
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
      // The screen closed mid-drain: its doc is gone, so the row must stay for the next drain.
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

/** The device database, handed in by the app's entry: imported here, it would be split out of the entry chunk. */
export interface ChatPhotoDrainerProps {
  localDb: () => LocalDb;
}

/**
 * Sends the signed-in student's queued chat photos whenever the device is
 * online: at start, on the `online` event, when one is queued, and after a
 * backoff when the server was busy (drain-loop.ts). A file the
 * server refuses is dropped with the server's words.
 */
function useChatPhotoDrainer({ localDb }: ChatPhotoDrainerProps): void {
  const { user } = useSession();
  const { showAlert } = useAlerts();
  const viewerId = user?.id ?? null;

  useEffect(() => {
    if (!viewerId) return;
    const id = viewerId;
    const loop = createDrainLoop({
      run: () =>
        drainChatPhotos({
          db: localDb(),
          viewerId: id,
          openDoc: (chatId) => openDrainDoc(id, chatId),
          withLock: withChatPhotoLock,
          onRefused: (_entry, message) => showAlert(message, 'danger'),
        }),
      isOnline: () => navigator.onLine,
      onError: (error) => console.error('chat photo queue failed', error),
    });
    const onTrigger = () => loop.trigger();
    loop.trigger();
    window.addEventListener('online', onTrigger);
    chatPhotoDrainRequests.addEventListener('drain', onTrigger);
    return () => {
      loop.stop();
      window.removeEventListener('online', onTrigger);
      chatPhotoDrainRequests.removeEventListener('drain', onTrigger);
    };
  }, [viewerId, showAlert, localDb]);
}

/** Renders nothing: runs the chat photo queue's drains for the app's lifetime. */
export function ChatPhotoDrainer(props: ChatPhotoDrainerProps): null {
  useChatPhotoDrainer(props);
  return null;
}
