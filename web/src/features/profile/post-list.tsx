import type { PostDto, PostListPageDto, SaveStateDto } from '@campus/shared/post-api';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { useAuthGate } from '../auth/auth-gate-context.tsx';
import { useViewer } from '../auth/use-viewer.ts';
import { PostCard } from '../feed/post-card.tsx';
import { PostCardSkeleton } from '../feed/post-card-skeleton.tsx';
import { useLoadMoreSentinel } from './use-load-more-sentinel.ts';

function toPage(body: PostListPageDto) {
  return { items: body.posts, nextCursor: body.nextCursor };
}

/**
 * A paged list of post cards (profile tabs, /saved): infinite scroll, the
 * list's own empty state and 'You've reached the end.' (spec 2 §2).
 */
export function PostList({ url, emptyTitle, emptyText }: { url: string; emptyTitle: string; emptyText?: string }) {
  const { items: posts, isLoading, isEnd, error, loadMore, updateItem } = useCursorList(url, toPage);
  const viewer = useViewer();
  const openAuthGate = useAuthGate();
  const navigate = useNavigate();
  const { run } = useApiAction();
  const sentinel = useLoadMoreSentinel(loadMore);

  async function toggleSave(post: PostDto) {
    const result = await run(() =>
      apiRequest<SaveStateDto>(`/api/posts/${post.id}/save`, { method: post.isSaved ? 'DELETE' : 'PUT' }),
    );
    if (result) updateItem((item) => item.id === post.id, { isSaved: result.isSaved, likeCount: result.likeCount });
  }

  return (
    <div className="post-list">
      {posts.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          onRequireSignIn={openAuthGate}
          {...(viewer
            ? { onToggleSave: () => void toggleSave(post), onComment: () => navigate(`/post/${post.id}`) }
            : {})}
        />
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
