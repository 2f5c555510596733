import type { ChatSummaryDto } from '@campus/shared/chat-api';
import { useCallback, useEffect, useState } from 'react';
import { useViewer } from '../../app/session/use-viewer.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { chatDatabaseName } from '../../local/chats/chat-sync.ts';
import { forgetPendingIds } from '../../local/chats/pending-messages.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { fetchChatSummary } from './api.ts';
import { forgetStoredChat, readStoredChat, storeChatSummary } from './inbox-store.ts';

/**
 * The chat is gone for this viewer (deleted, or hidden by a block either
 * way): its copy on the device goes too, with any message the server
 * refused, so nothing written meanwhile is delivered if the chat comes back
 * (decision 015). The database is deleted once the open conversation closes it.
 */
function forgetDeviceCopy(viewerId: string, chatId: string) {
  forgetPendingIds(viewerId, chatId);
  indexedDB.deleteDatabase(chatDatabaseName(viewerId, chatId));
}

export type ChatSummaryState =
  | { status: 'loading' }
  /** 404: 'This conversation doesn't exist' (never existed, deleted, or not the viewer's). */
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'found'; chat: ChatSummaryDto };

/**
 * GET /api/chats/:id, shown from the device's inbox copy first so an open
 * conversation works offline. `recheck` asks again (the socket was refused).
 */
export function useChatSummary(chatId: string): { state: ChatSummaryState; recheck: () => void } {
  const { db } = useLocalSync();
  const viewerId = useViewer()?.id ?? null;
  const [state, setState] = useState<ChatSummaryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `recheck` asks again.
  useEffect(() => {
    let isCurrent = true;
    void readStoredChat(db, chatId).then((stored) => {
      if (isCurrent && stored)
        setState((current) => (current.status === 'loading' ? { status: 'found', chat: stored } : current));
    });
    fetchChatSummary(chatId).then(
      (chat) => {
        if (!isCurrent) return;
        setState({ status: 'found', chat });
        void storeChatSummary(db, chat);
      },
      async (error: unknown) => {
        if (!isCurrent) return;
        if (error instanceof ApiRequestError && error.status === 404) {
          await forgetStoredChat(db, chatId);
          if (viewerId) forgetDeviceCopy(viewerId, chatId);
          setState({ status: 'missing' });
        } else if (!(error instanceof ApiRequestError && error.status === 0)) {
          setState((current) => (current.status === 'found' ? current : { status: 'error' }));
        } else {
          // Offline: the stored copy (if any) stands; without one there is nothing to show yet.
          const stored = await readStoredChat(db, chatId);
          if (isCurrent) setState(stored ? { status: 'found', chat: stored } : { status: 'error' });
        }
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt, chatId, db, viewerId]);

  const recheck = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, recheck };
}
