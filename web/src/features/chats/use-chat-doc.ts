import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { type ChatSync, type ChatSyncSnapshot, chatSocketUrl, createChatSync } from '../../local/chats/chat-sync.ts';
import { requestPendingMessagesSend } from '../../local/chats/pending-chats.ts';
import { notifyInboxChanged } from '../../local/inbox-events.ts';

export interface ChatDocState {
  sync: ChatSync | null;
  snapshot: ChatSyncSnapshot | null;
}

/**
 * One conversation's Y.Doc for as long as the screen shows it: persisted with
 * y-indexeddb, synced with y-websocket, destroyed on unmount (issue 6).
 */
export function useChatDoc(chatId: string, viewerId: string): ChatDocState {
  const [state, setState] = useState<ChatDocState>({ sync: null, snapshot: null });
  const current = useRef<ChatSync | null>(null);
  const { refresh } = useSession();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    const sync = createChatSync({
      chatId,
      viewerId,
      serverUrl: chatSocketUrl(),
      onServerChange: notifyInboxChanged,
      // Close 4401: ask /api/auth/me; signed out, the app goes to its signed-out state.
      onSessionEnded: async () => (await refreshRef.current())?.id === viewerId,
    });
    current.current = sync;
    setState({ sync, snapshot: sync.getSnapshot() });
    const unsubscribe = sync.subscribe(() => {
      if (current.current === sync) setState({ sync, snapshot: sync.getSnapshot() });
    });
    return () => {
      unsubscribe();
      current.current = null;
      const hasPending = sync.getSnapshot().pendingIds.size > 0;
      sync.destroy();
      // Left with messages the server has not acknowledged: the app-wide sender takes them over.
      if (hasPending) requestPendingMessagesSend();
    };
  }, [chatId, viewerId]);

  return state;
}
