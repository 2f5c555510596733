import type { PostDto, PostListPageDto, SaveStateDto } from '@campus/shared/post-api';
import { useCallback } from 'react';
import { type CursorListState, useCursorList } from '../../lib/use-cursor-list.ts';
import { useLoadMoreSentinel } from '../../lib/use-load-more-sentinel.ts';
import { useAuthGate } from '../auth/index.ts';
import { PostCard } from './post-card.tsx';
import { PostCardSkeleton } from './post-card-skeleton.tsx';
import { usePostCardActions } from './use-post-card-actions.ts';

function toPage(body: PostListPageDto) {
  return { items: body.posts, nextCursor: body.nextCursor };
}

/**
 * A paged list of post cards (profile tabs, /saved): infinite scroll, the
 * list's own empty state and 'You've reached the end.' (spec 2 §2).
 */
export function PostList({ url, ...texts }: { url: string; emptyTitle: string; emptyText?: string }) {
  return <PostListView list={useCursorList(url, toPage)} {...texts} />;
}

/** The list's screen for any source of pages: the server's cursor, or the device (/saved). */
export function PostListView({
  list,
  emptyTitle,
  emptyText,
}: {
  list: Pick<CursorListState<PostDto>, 'items' | 'isLoading' | 'isEnd' | 'error' | 'loadMore' | 'updateItem'>;
  emptyTitle: string;
  emptyText?: string;
}) {
  const { items: posts, isLoading, isEnd, error, loadMore, updateItem } = list;
  const openAuthGate = useAuthGate();
  const sentinel = useLoadMoreSentinel(loadMore);
  const { actionsFor } = usePostCardActions(
    useCallback((postId: string, saved: SaveStateDto) => updateItem((item) => item.id === postId, saved), [updateItem]),
  );

  return (
    <div className="post-list">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} onRequireSignIn={openAuthGate} {...actionsFor(post)} />
      ))}
      {isLoading && posts.length === 0 && (
        <>
          <PostCardSkeleton />
          <PostCardSkeleton />
        </>
      )}
      {error && posts.length === 0 && (
        <p className="feed__status feed__status--error" role="alert">
          {error}
        </p>
      )}
      {!isLoading && !error && isEnd && posts.length === 0 && (
        <section className="card empty-state post-list__empty">
          <h2 className="empty-state__title">{emptyTitle}</h2>
          {emptyText && <p className="empty-state__text">{emptyText}</p>}
        </section>
      )}
      {isEnd && posts.length > 0 && <p className="feed__status">You've reached the end.</p>}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
