import { CHAT_MESSAGES, type ChatSummaryDto } from '@campus/shared/chat-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useViewer } from '../../app/session/use-viewer.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { prefetchChats } from '../../local/chats/chat-prefetch.ts';
import { chatSocketUrl } from '../../local/chats/chat-sync.ts';
import { onInboxChanged } from '../../local/inbox-events.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { fetchInbox } from './api.ts';
import { readStoredInbox, storeInboxPage } from './inbox-store.ts';

export interface InboxState {
  chats: ChatSummaryDto[];
  isLoading: boolean;
  isEnd: boolean;
  /** 'Error getting user chats' when the first page failed and nothing is stored either. */
  error: string | null;
  loadMore(): void;
  refresh(): void;
}

const CHANGE_DEBOUNCE_MS = 400;

function newestFirst(a: ChatSummaryDto, b: ChatSummaryDto): number {
  return a.lastModified < b.lastModified ? 1 : a.lastModified > b.lastModified ? -1 : 0;
}

/**
 * A fresh first page replaces what it covers; rows loaded further down stay
 * unless they are newer than the page's last row (then they would be in it,
 * so they were deleted).
 */
function mergeFirstPage(current: ChatSummaryDto[], page: ChatSummaryDto[], isLastPage: boolean): ChatSummaryDto[] {
  if (isLastPage) return page;
  const ids = new Set(page.map((chat) => chat.id));
  const oldest = page.at(-1)?.lastModified ?? '';
  const older = current.filter((chat) => !ids.has(chat.id) && chat.lastModified < oldest);
  return [...page, ...older].sort(newestFirst);
}

/**
 * /messages: GET /api/chats, 15 a page (spec 2 §4), newest activity first.
 * Opens from the device's copy, then reads the server again on the sync
 * socket's chat notices, when the open conversation changes, on focus and
 * when the browser comes back online. Each read also brings the device's
 * copies of the newest conversations up to date (chat-prefetch.ts).
 */
export function useInbox(): InboxState {
  const { db } = useLocalSync();
  const viewerId = useViewer()?.id ?? null;
  const [chats, setChats] = useState<ChatSummaryDto[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isEnd, setIsEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasRows = useRef(false);
  const isLoadingMore = useRef(false);

  const refresh = useCallback(async () => {
    try {
      const page = await fetchInbox();
      hasRows.current = true;
      setChats((current) => mergeFirstPage(current, page.chats, page.nextCursor === null));
      setCursor((current) => (current === null || page.nextCursor === null ? page.nextCursor : current));
      setIsEnd((current) => page.nextCursor === null || current);
      setError(null);
      await storeInboxPage(db, page.chats);
      // The newest conversations are synced onto the device in the background, to open offline.
      if (viewerId) void prefetchChats(viewerId, page.chats, chatSocketUrl());
    } catch (caught) {
      // Offline: the stored rows stand. A refusal with nothing to show is the spec's message.
      if (!hasRows.current) {
        setError(caught instanceof ApiRequestError && caught.status !== 0 ? CHAT_MESSAGES.loadFailed : null);
      }
    } finally {
      setIsLoading(false);
    }
  }, [db, viewerId]);

  useEffect(() => {
    let isCurrent = true;
    void readStoredInbox(db).then((stored) => {
      if (!isCurrent || hasRows.current || stored.length === 0) return;
      hasRows.current = true;
      setChats(stored);
    });
    void refresh();
    let timer: number | undefined;
    const soon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refresh(), CHANGE_DEBOUNCE_MS);
    };
    const whenVisible = () => document.visibilityState === 'visible' && soon();
    const stopListening = onInboxChanged(soon);
    window.addEventListener('focus', soon);
    window.addEventListener('online', soon);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      isCurrent = false;
      stopListening();
      window.clearTimeout(timer);
      window.removeEventListener('focus', soon);
      window.removeEventListener('online', soon);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [db, refresh]);

  const loadMore = useCallback(async () => {
    if (isEnd || !cursor || isLoadingMore.current) return;
    isLoadingMore.current = true;
    try {
      const page = await fetchInbox(cursor);
      setChats((current) => {
        const ids = new Set(current.map((chat) => chat.id));
        return [...current, ...page.chats.filter((chat) => !ids.has(chat.id))];
      });
      setCursor(page.nextCursor);
      setIsEnd(page.nextCursor === null);
    } catch (caught) {
      // spec 2 §8: a failed load-more is only logged.
      console.warn('inbox load-more failed', caught);
    } finally {
      isLoadingMore.current = false;
    }
  }, [cursor, isEnd]);

  return {
    chats,
    isLoading,
    isEnd,
    error,
    loadMore: () => void loadMore(),
    refresh: () => void refresh(),
  };
}
