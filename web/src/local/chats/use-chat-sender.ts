import { useEffect, useRef } from 'react';
import type { NetworkStatus } from '../local-sync-api.ts';
import { isChatOpen } from './chat-sync.ts';
import { createDrainLoop, type DrainLoop } from './drain-loop.ts';
import { pendingChatIds, pendingMessagesRequests } from './pending-chats.ts';
import { sendPendingChats } from './send-pending-chats.ts';
import { syncPendingChat } from './sync-pending-chat.ts';

/** One sender at a time across tabs: the second finds the marks cleared by the first. */
function withChatSenderLock<T>(run: () => Promise<T>): Promise<T> {
  if (!('locks' in navigator)) return run();
  return navigator.locks.request('chat-pending-messages', run) as Promise<T>;
}

export interface ChatSenderProps {
  viewerId: string;
  /** The app's sync connection: its return to 'online' (a reconnect) is a trigger. */
  networkStatus: NetworkStatus;
}

/**
 * Sends the viewer's chat messages written on the device that the server
 * has not acknowledged, from whatever screen is open (issue 19): at start,
 * on `online`, when the page becomes visible, when the sync socket is back,
 * and when a conversation closes with some still pending. A chat that fails
 * is tried again after a backoff; one the server refused is left alone until
 * the next start.
 */
function useChatSender({ viewerId, networkStatus }: ChatSenderProps): void {
  const loop = useRef<DrainLoop | null>(null);

  useEffect(() => {
    const refused = new Set<string>();
    const current = createDrainLoop({
      run: () =>
        withChatSenderLock(() =>
          sendPendingChats({
            pendingChatIds: () => pendingChatIds(viewerId),
            isChatOpen: (chatId) => isChatOpen(viewerId, chatId),
            isOnline: () => navigator.onLine,
            syncChat: (chatId) => syncPendingChat(viewerId, chatId),
            refused,
          }),
        ),
      isOnline: () => navigator.onLine,
      onError: (error) => console.error('sending chat messages failed', error),
    });
    loop.current = current;
    const trigger = () => current.trigger();
    const visible = () => {
      if (document.visibilityState === 'visible') trigger();
    };
    window.addEventListener('online', trigger);
    document.addEventListener('visibilitychange', visible);
    pendingMessagesRequests.addEventListener('send', trigger);
    trigger();
    return () => {
      loop.current = null;
      current.stop();
      window.removeEventListener('online', trigger);
      document.removeEventListener('visibilitychange', visible);
      pendingMessagesRequests.removeEventListener('send', trigger);
    };
  }, [viewerId]);

  // The sync socket is back (it reconnected, or came up after the start): its catching up is a trigger.
  const previousStatus = useRef(networkStatus);
  useEffect(() => {
    if (networkStatus === 'online' && previousStatus.current !== 'online') loop.current?.trigger();
    previousStatus.current = networkStatus;
  }, [networkStatus]);
}

/** Renders nothing: runs the sender while the gate (chat-sender-gate.tsx) keeps it mounted. */
export function ChatSender(props: ChatSenderProps): null {
  useChatSender(props);
  return null;
}
