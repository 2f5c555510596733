import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, apiRequest } from './api-client.ts';

export interface CursorPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

export interface CursorListState<Item> {
  items: Item[];
  isLoading: boolean;
  isEnd: boolean;
  error: string | null;
  /** The server's code for `error` (e.g. 'private_campus'), null when there is none. */
  errorCode: string | null;
  loadMore: () => void;
  /** Applies a change the viewer made (a save) to one item in place. */
  updateItem: (matches: (item: Item) => boolean, patch: Partial<Item>) => void;
}

/**
 * A list behind an opaque `?cursor=` (spec 2 §4: saved, profile lists and
 * savers). `toPage` reads the page's items out of the response body; a new
 * `url` starts the list over.
 */
export function useCursorList<Body, Item>(
  url: string,
  toPage: (body: Body) => CursorPage<Item>,
): CursorListState<Item> {
  const [items, setItems] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isEnd, setIsEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  // The request that is running; a page that arrives after the url changed is dropped.
  const inFlight = useRef<string | null>(null);
  const toPageRef = useRef(toPage);
  toPageRef.current = toPage;

  const loadPage = useCallback(
    async (after: string | null) => {
      const key = `${url}#${after ?? ''}`;
      if (inFlight.current === key) return;
      inFlight.current = key;
      setIsLoading(true);
      try {
        const separator = url.includes('?') ? '&' : '?';
        const body = await apiRequest<Body>(after ? `${url}${separator}cursor=${encodeURIComponent(after)}` : url);
        if (inFlight.current !== key) return;
        const page = toPageRef.current(body);
        setItems((current) => (after ? [...current, ...page.items] : page.items));
        setCursor(page.nextCursor);
        setIsEnd(page.nextCursor === null);
        setError(null);
        setErrorCode(null);
      } catch (caught) {
        if (inFlight.current !== key) return;
        setError(caught instanceof ApiRequestError ? caught.message : 'Something went wrong.');
        setErrorCode(caught instanceof ApiRequestError ? (caught.errors[0]?.code ?? null) : null);
      } finally {
        if (inFlight.current === key) {
          inFlight.current = null;
          setIsLoading(false);
        }
      }
    },
    [url],
  );

  useEffect(() => {
    setItems([]);
    setCursor(null);
    setIsEnd(false);
    void loadPage(null);
    return () => {
      inFlight.current = null;
    };
  }, [loadPage]);

  const loadMore = useCallback(() => {
    // spec 2 §8: a failed load-more is only logged, so it is not retried in a loop either.
    if (!isEnd && cursor && !error) void loadPage(cursor);
  }, [cursor, error, isEnd, loadPage]);

  const updateItem = useCallback((matches: (item: Item) => boolean, patch: Partial<Item>) => {
    setItems((current) => current.map((item) => (matches(item) ? { ...item, ...patch } : item)));
  }, []);

  return { items, isLoading, isEnd, error, errorCode, loadMore, updateItem };
}
