import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { useLocalSyncIfReady } from '../local-sync-context.tsx';
import { pendingChatIds, pendingMessagesRequests } from './pending-chats.ts';

/** Sends chat messages written offline; it carries the chat engine (Yjs, ~28 KB gzipped), so it loads only when needed. */
const ChatSender = lazy(() => import('./use-chat-sender.ts').then((module) => ({ default: module.ChatSender })));

/**
 * Mounts the app-wide chat sender (issue 19) only while the signed-in
 * student has messages the server has not acknowledged (the pending marks in
 * localStorage): a page load with none (nearly every one) does not fetch
 * the chat engine. It looks at start, when the network or the sync socket
 * comes back, when another tab changes the marks, and when a conversation
 * closes with some pending (marks appear no other way). Once
 * mounted, the sender stays for the page's life (its chunk is loaded anyway).
 */
export function ChatSenderGate() {
  const { user } = useSession();
  // Before the local runtime has loaded nothing can be sent either: 'offline' until then.
  const status = useLocalSyncIfReady()?.status ?? 'offline';
  const viewerId = user?.id ?? null;
  const [senderFor, setSenderFor] = useState<string | null>(null);

  useEffect(() => {
    // Offline nothing can be sent: the status's change when the network is back looks again.
    if (!viewerId || senderFor === viewerId || status === 'offline') return;
    const look = () => {
      if (pendingChatIds(viewerId).length > 0) setSenderFor(viewerId);
    };
    look();
    window.addEventListener('storage', look);
    pendingMessagesRequests.addEventListener('send', look);
    return () => {
      window.removeEventListener('storage', look);
      pendingMessagesRequests.removeEventListener('send', look);
    };
  }, [viewerId, senderFor, status]);

  if (!viewerId || senderFor !== viewerId) return null;
  return (
    <Suspense fallback={null}>
      <ChatSender viewerId={viewerId} networkStatus={status} />
    </Suspense>
  );
}
