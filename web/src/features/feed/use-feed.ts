import { FEED_FIRST_PAGE_SIZE, FEED_PAGE_SIZE, type FeedPageDto, type PostDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';

export interface FeedState {
  posts: PostDto[];
  isLoading: boolean;
  isEnd: boolean;
  error: string | null;
  loadMore: () => void;
  /** Applies a change the viewer made (a save) to the post in the list. */
  updatePost: (id: string, patch: Partial<PostDto>) => void;
}

/**
 * The campus feed with cursor paging (spec 2 §4: first page 25, then 15).
 * Issue 5 moves this onto the Dexie cache; the shape stays.
 */
export function useFeed(): FeedState {
  const [posts, setPosts] = useState<PostDto[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [isEnd, setIsEnd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const loadPage = useCallback(async (after: string | null) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsLoading(true);
    try {
      const limit = after ? FEED_PAGE_SIZE : FEED_FIRST_PAGE_SIZE;
      const query = new URLSearchParams({ limit: String(limit), ...(after ? { cursor: after } : {}) });
      const page = await apiRequest<FeedPageDto>(`/api/posts/feed?${query}`);
      setPosts((current) => (after ? [...current, ...page.posts] : page.posts));
      setCursor(page.nextCursor);
      setIsEnd(page.nextCursor === null);
      setError(null);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : 'Something went wrong.');
    } finally {
      inFlight.current = false;
      setIsLoading(false);
    }
  }, []);

  useEffect(() => {
    void loadPage(null);
  }, [loadPage]);

  const loadMore = useCallback(() => {
    if (!isEnd && cursor) void loadPage(cursor);
  }, [cursor, isEnd, loadPage]);

  const updatePost = useCallback((id: string, patch: Partial<PostDto>) => {
    setPosts((current) => current.map((post) => (post.id === id ? { ...post, ...patch } : post)));
  }, []);

  return { posts, isLoading, isEnd, error, loadMore, updatePost };
}
