import { CHAT_SOCKET_PREFIX } from '@campus/shared/chat-api';
import { useEffect, useRef, useState } from 'react';
import { notifyInboxChanged } from '../../local/inbox-events.ts';
import { type ChatSync, type ChatSyncSnapshot, createChatSync } from './chat-sync.ts';

export interface ChatDocState {
  sync: ChatSync | null;
  snapshot: ChatSyncSnapshot | null;
}

/** `ws(s)://{campus host}/api/chats/sync` (the provider adds `/{chatId}`). */
export function chatSocketUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${CHAT_SOCKET_PREFIX}`;
}

/**
 * One conversation's Y.Doc for as long as the screen shows it: persisted with
 * y-indexeddb, synced with y-websocket, destroyed on unmount (issue 6).
 */
export function useChatDoc(chatId: string, viewerId: string): ChatDocState {
  const [state, setState] = useState<ChatDocState>({ sync: null, snapshot: null });
  const current = useRef<ChatSync | null>(null);

  useEffect(() => {
    const sync = createChatSync({ chatId, viewerId, serverUrl: chatSocketUrl(), onServerChange: notifyInboxChanged });
    current.current = sync;
    setState({ sync, snapshot: sync.getSnapshot() });
    const unsubscribe = sync.subscribe(() => {
      if (current.current === sync) setState({ sync, snapshot: sync.getSnapshot() });
    });
    return () => {
      unsubscribe();
      current.current = null;
      sync.destroy();
    };
  }, [chatId, viewerId]);

  return state;
}
