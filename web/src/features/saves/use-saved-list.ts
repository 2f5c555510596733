import { type PostDto, SAVED_PAGE_SIZE } from '@campus/shared/post-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSavedPage, refreshSaved } from '../../local/local-cache.ts';
import { withPendingChanges } from '../../local/local-posts.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { useLiveQuery } from '../../local/use-live-query.ts';

/**
 * /saved, live (spec 2 §2): the first page lives on the device and follows
 * the viewer's saves at once (the outbox) and from other tabs and devices
 * (the sync socket's saved notices); later pages come from the server.
 */
export function useSavedList() {
  const { db, get } = useLocalSync();
  const first = useLiveQuery(() => db.saved.orderBy('savedAt').reverse().toArray(), [db]);
  const outbox = useLiveQuery(() => db.outbox.where('kind').equals('save.set').toArray(), [db]);
  const [more, setMore] = useState<PostDto[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isEnd, setIsEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    void (async () => {
      try {
        const page = await refreshSaved(db, get);
        if (!page) throw new Error('Something went wrong.');
        setCursor(page.nextCursor);
        setIsEnd(page.nextCursor === null);
        setError(null);
      } catch {
        // Offline: the device's copy stands; say the end is here only if there is nothing else to show.
        setIsEnd(true);
      } finally {
        setIsLoading(false);
      }
    })();
  }, [db, get]);

  const loadMore = useCallback(() => {
    if (isEnd || !cursor || inFlight.current) return;
    inFlight.current = true;
    void (async () => {
      try {
        const page = await fetchSavedPage(get, cursor);
        if (!page) throw new Error('Something went wrong.');
        setMore((current) => [...current, ...page.posts]);
        setCursor(page.nextCursor);
        setIsEnd(page.nextCursor === null || page.posts.length < SAVED_PAGE_SIZE - 1);
      } catch {
        setError('Something went wrong.');
      } finally {
        inFlight.current = false;
      }
    })();
  }, [cursor, get, isEnd]);

  const updateItem = useCallback(() => {
    // Saves show through the outbox overlay below; nothing to patch in place.
  }, []);

  const pending = outbox ?? [];
  const posts = [...(first ?? []).map((entry) => entry.post), ...more]
    .map((post) => withPendingChanges({ ...post, isSaved: true }, pending))
    .filter((post): post is PostDto => post !== null && post.isSaved !== false);
  return { items: posts, isLoading: isLoading && first === undefined, isEnd, error, loadMore, updateItem };
}
