import type { AuthorDto, PostDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { loadSearchPage } from './search-source.ts';
import type { SearchQuery } from './search-url.ts';

export interface SearchResults {
  posts: PostDto[];
  users: AuthorDto[];
  isLoading: boolean;
  isEnd: boolean;
  /** What went wrong, in the server's (or the shared rule's) words. */
  error: string | null;
  /** The server's code for `error` ('not_verified', …), null when there is none. */
  errorCode: string | null;
  isOffline: boolean;
  /** The results were found on this device, with no network (decision 039). */
  isFromDevice: boolean;
  loadMore: () => void;
  /** Applies a change the viewer made (a save) to one post in place. */
  updatePost: (postId: string, patch: Partial<PostDto>) => void;
}

const EMPTY = { posts: [] as PostDto[], users: [] as AuthorDto[], nextPage: null as number | null };

/**
 * The pages of one search (spec 2 §4: 10 a page, the server's `nextPage`);
 * `query` is page 0 of it, or null for no search. A new query starts over,
 * and a page that arrives for an old one is dropped.
 */
export function useSearchResults(query: SearchQuery | null): SearchResults {
  const [found, setFound] = useState(EMPTY);
  const [isLoading, setIsLoading] = useState(query !== null);
  const [error, setError] = useState<{ message: string; code: string | null } | null>(null);
  const [isOffline, setIsOffline] = useState(false);
  const [isFromDevice, setIsFromDevice] = useState(false);
  const key = query === null ? null : JSON.stringify(query);
  const current = useRef<string | null>(null);
  const inFlight = useRef(false);

  const loadPage = useCallback(async (forKey: string, page: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsLoading(true);
    try {
      const answer = await loadSearchPage({ ...(JSON.parse(forKey) as SearchQuery), page });
      if (current.current !== forKey) return;
      setIsOffline(answer.kind === 'offline');
      if (answer.kind === 'invalid') setError({ message: answer.message, code: 'invalid_search' });
      if (answer.kind !== 'page') return;
      const body = answer.page;
      setIsFromDevice(answer.isFromDevice);
      setFound((before) => ({
        posts: body.show === 'people' ? [] : [...(page === 0 ? [] : before.posts), ...body.posts],
        users: body.show === 'people' ? [...(page === 0 ? [] : before.users), ...body.users] : [],
        nextPage: body.nextPage,
      }));
    } catch (caught) {
      if (current.current !== forKey) return;
      // spec 2 §8: a failed search empties the list.
      if (page === 0) setFound(EMPTY);
      setError(
        caught instanceof ApiRequestError
          ? { message: caught.message, code: caught.errors[0]?.code ?? null }
          : { message: 'Something went wrong.', code: null },
      );
    } finally {
      inFlight.current = false;
      if (current.current === forKey) setIsLoading(false);
    }
  }, []);

  useEffect(() => {
    current.current = key;
    inFlight.current = false;
    setFound(EMPTY);
    setError(null);
    setIsOffline(false);
    setIsFromDevice(false);
    setIsLoading(key !== null);
    if (key !== null) void loadPage(key, 0);
  }, [key, loadPage]);

  const { nextPage } = found;
  const loadMore = useCallback(() => {
    // spec 2 §8: a failed load-more is only logged, so it is not retried in a loop either.
    if (key !== null && nextPage !== null && !error) void loadPage(key, nextPage);
  }, [error, key, loadPage, nextPage]);

  const updatePost = useCallback((postId: string, patch: Partial<PostDto>) => {
    setFound((before) => ({
      ...before,
      posts: before.posts.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
    }));
  }, []);

  return {
    posts: found.posts,
    users: found.users,
    isLoading,
    isEnd: key !== null && !isLoading && !isOffline && nextPage === null && error === null,
    error: error?.message ?? null,
    errorCode: error?.code ?? null,
    isOffline,
    isFromDevice,
    loadMore,
    updatePost,
  };
}
