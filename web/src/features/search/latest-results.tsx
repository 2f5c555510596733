import type { PostDto } from '@campus/shared/post-api';
import { useCallback, useMemo } from 'react';
import { PostListView } from '../posts/index.ts';
import { NO_RESULTS, TRY_ELSE } from './no-results.tsx';
import type { SearchResults } from './use-search-results.ts';

/** spec 2 §2: the Latest tab, the feed's own post cards, more on scroll, 'You've reached the end.'. */
export function LatestResults({ q, results }: { q: string; results: SearchResults }) {
  const { posts, isLoading, isEnd, error, loadMore, updatePost } = results;
  const updateItem = useCallback(
    (matches: (post: PostDto) => boolean, patch: Partial<PostDto>) => {
      for (const post of posts) if (matches(post)) updatePost(post.id, patch);
    },
    [posts, updatePost],
  );
  const list = useMemo(
    () => ({ items: posts, isLoading, isEnd, error, loadMore, updateItem }),
    [posts, isLoading, isEnd, error, loadMore, updateItem],
  );
  return <PostListView list={list} emptyTitle={NO_RESULTS.latest(q)} emptyText={TRY_ELSE} />;
}
