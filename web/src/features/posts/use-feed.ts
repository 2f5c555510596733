import { FEED_FIRST_PAGE_SIZE, FEED_PAGE_SIZE, type PostDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/session/session-context.tsx';
import { isNetworkError } from '../../lib/api-client.ts';
import { readFeedSnapshot, writeFeedSnapshot } from '../../local/feed-snapshot.ts';
import { type ApiGet, fetchFeedPage, readCachedFeed, refreshFeed } from '../../local/local-cache.ts';
import { type LocalPost, overlayOutbox } from '../../local/local-posts.ts';
import { useLocalSyncIfReady } from '../../local/local-sync-context.tsx';
import { useLiveQuery } from '../../local/use-live-query.ts';

export interface FeedState {
  posts: LocalPost[];
  isLoading: boolean;
  isEnd: boolean;
  error: string | null;
  loadMore: () => void;
  /** Applies a change the viewer made (a save) to the post in the list. */
  updatePost: (id: string, patch: Partial<PostDto>) => void;
}

const OFFLINE_MESSAGE = "You're offline. Posts you have seen will show here.";

/**
 * The campus feed (spec 2 §4: first page 25, then 15), read from the device
 * (issue 5): what was last seen renders at once, the server's first page
 * replaces it when it answers, live notices and the outbox keep it current.
 */
export function useFeed(): FeedState {
  // Null until the local runtime (Dexie) has loaded, just after the first paint: the snapshot shows until then.
  const local = useLocalSyncIfReady();
  const db = local?.db;
  const get = local?.get;
  const { user } = useSession();
  const [shownCount, setShownCount] = useState(FEED_FIRST_PAGE_SIZE);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isEnd, setIsEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The `get` whose load is on its way: a new one (the cache was cleared for another student) loads again.
  const inFlight = useRef<ApiGet | null>(null);
  const owner = user?.id ?? null;
  // Painted before IndexedDB opens on a cold start; Dexie's answer replaces it.
  const [snapshot] = useState(() => readFeedSnapshot(owner));

  // The posts and whether the server's first page is among them, read together: between a cleared
  // cache (another student on this device) or a page not yet stored and the page's arrival, an empty
  // feed is still loading, not empty ('Be the first...' flashed and the footer jumped, issue 25).
  const stored = useLiveQuery(
    () => (db ? readCachedFeed(db, shownCount) : Promise.resolve(undefined)),
    [db, shownCount],
  );
  const cached = stored?.entries;
  const cachedCount = useLiveQuery(() => (db ? db.feed.count() : Promise.resolve(0)), [db]) ?? 0;
  const outbox = useLiveQuery(() => (db ? db.outbox.toArray() : Promise.resolve(undefined)), [db]);

  const load = useCallback(
    async (after: string | null) => {
      if (!db || !get || inFlight.current === get) return;
      inFlight.current = get;
      setIsLoading(true);
      // A load for a cleared cache's reader answers nothing: the new reader's load does.
      const isCurrent = () => inFlight.current === get;
      try {
        const page = after ? await fetchFeedPage(db, get, after) : await refreshFeed(db, get);
        if (!page) throw new Error('Something went wrong.');
        if (!isCurrent()) return;
        setCursor(page.nextCursor);
        setIsEnd(page.nextCursor === null);
        setError(null);
      } catch (caught) {
        if (isCurrent()) setError(isNetworkError(caught) ? OFFLINE_MESSAGE : 'Something went wrong.');
      } finally {
        if (isCurrent()) {
          inFlight.current = null;
          setIsLoading(false);
        }
      }
    },
    [db, get],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const loadMore = useCallback(() => {
    // Cached posts beyond the shown ones come first; the server is asked when they run out.
    if (cachedCount > shownCount) setShownCount((count) => count + FEED_PAGE_SIZE);
    else if (!isEnd && cursor) {
      setShownCount((count) => count + FEED_PAGE_SIZE);
      void load(cursor);
    }
  }, [cachedCount, cursor, isEnd, load, shownCount]);

  const updatePost = useCallback(
    (id: string, patch: Partial<PostDto>) => {
      void db?.feed
        .where('id')
        .equals(id)
        .modify((row) => {
          row.post = { ...row.post, ...patch };
        });
    },
    [db],
  );

  useEffect(() => {
    if (cached)
      writeFeedSnapshot(
        owner,
        cached.map((entry) => entry.post),
      );
  }, [cached, owner]);

  const posts = overlayOutbox(cached ? cached.map((entry) => entry.post) : (snapshot ?? []), outbox ?? [], user);
  return {
    posts,
    isLoading:
      isLoading ||
      (cached === undefined && snapshot === undefined) ||
      (stored !== undefined && !stored.hasFirstPage && cached?.length === 0 && error === null),
    isEnd: isEnd && cachedCount <= shownCount,
    error,
    loadMore,
    updatePost,
  };
}
