import type { FeedPageDto, PostDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';

export interface MediaFeedState {
  posts: PostDto[];
  isLoading: boolean;
  isEnd: boolean;
  error: string | null;
  loadMore: () => void;
}

/** GET /api/posts/media with cursor paging (spec 2 §7: photo posts, page 15), like useFeed. */
export function useMediaFeed(): MediaFeedState {
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
      const query = after ? `?${new URLSearchParams({ cursor: after })}` : '';
      const page = await apiRequest<FeedPageDto>(`/api/posts/media${query}`);
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

  return { posts, isLoading, isEnd, error, loadMore };
}
