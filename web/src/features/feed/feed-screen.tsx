import type { PostDto, SaveStateDto } from '@campus/shared/post-api';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiRequest } from '../../lib/api-client.ts';
import { useApiAction } from '../../lib/forms/use-api-action.ts';
import { useViewer } from '../auth/use-viewer.ts';
import { FeedTabs } from './feed-tabs.tsx';
import { PostCard, type PostCardProps } from './post-card.tsx';
import { PostCardSkeleton } from './post-card-skeleton.tsx';
import { useFeed } from './use-feed.ts';

/** /home: the campus feed, newest activity first (spec 2 §2). */
export function FeedScreen({ onRequireSignIn }: Pick<PostCardProps, 'onRequireSignIn'>) {
  const { posts, isLoading, isEnd, error, loadMore, updatePost } = useFeed();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { run } = useApiAction();

  async function toggleSave(post: PostDto) {
    const result = await run(() =>
      apiRequest<SaveStateDto>(`/api/posts/${post.id}/save`, { method: post.isSaved ? 'DELETE' : 'PUT' }),
    );
    if (result) updatePost(post.id, { isSaved: result.isSaved, likeCount: result.likeCount });
  }
  const sentinel = useRef<HTMLDivElement>(null);
  // spec 2 §2: /home?filter=notify-posted says the post went out.
  const isJustPosted = useSearchParams()[0].get('filter') === 'notify-posted';

  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    // Start the next page a screen before the end so scrolling does not stall.
    const observer = new IntersectionObserver((entries) => entries[0]?.isIntersecting && loadMore(), {
      rootMargin: '800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <div className="feed">
      <FeedTabs />
      {isJustPosted && (
        <p className="card feed__notice" role="status">
          Your post was sent
        </p>
      )}
      {posts.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          onRequireSignIn={onRequireSignIn}
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
      {error && posts.length === 0 && <p className="feed__status feed__status--error">{error}</p>}
      {!isLoading && !error && isEnd && posts.length === 0 && <p className="feed__status">Be the first...</p>}
      {isEnd && posts.length > 0 && <p className="feed__status">You've reached the end.</p>}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
