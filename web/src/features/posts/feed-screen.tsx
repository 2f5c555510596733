import type { SaveStateDto } from '@campus/shared/post-api';
import { lazy, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useReleaseFirstScreen } from '../../lib/first-screen.ts';
import { useLoadMoreSentinel } from '../../lib/use-load-more-sentinel.ts';
import { newPageViewId } from './ad-tracking.ts';
import { FeedTabs } from './feed-tabs.tsx';
import { PostCard } from './post-card.tsx';
import type { PostCardProps } from './post-card-props.ts';
import { PostCardSkeleton } from './post-card-skeleton.tsx';
import { useFeed } from './use-feed.ts';
import { useFeedAds } from './use-feed-ads.ts';
import { usePostCardActions } from './use-post-card-actions.ts';

// The push card after a sent post (decision 034): loaded only then, so /home's first load carries no push code.
const PushPromptCard = lazy(() =>
  import('../notifications/index.ts').then((module) => ({ default: module.PushPromptCard })),
);

/** /home: the campus feed, newest activity first (spec 2 §2). */
export function FeedScreen({ onRequireSignIn }: Pick<PostCardProps, 'onRequireSignIn'>) {
  const { posts, isLoading, isEnd, error, loadMore, updatePost } = useFeed();
  // spec 3 §1: the campus's running ads after every 4th post; their actions count once in this page view (§7).
  const { items, updateAdPost } = useFeedAds(posts);
  const { actionsFor } = usePostCardActions(
    useCallback(
      (postId: string, saved: SaveStateDto) => {
        updatePost(postId, saved);
        updateAdPost(postId, saved);
      },
      [updatePost, updateAdPost],
    ),
  );
  const sentinel = useLoadMoreSentinel(loadMore);
  // New cards render in the background, in slices a phone can interrupt (a page of 25 cards at once
  // was one long task: issue 25); until then the cards before them stay.
  const shownItems = useDeferredValue(items);
  const isShowingLatest = shownItems === items;
  // The server's first screen (the same cards) gives way once these show posts, or the feed's final answer.
  useReleaseFirstScreen(shownItems.length > 0 || (isShowingLatest && !isLoading));
  const [pageViewId] = useState(newPageViewId);
  // spec 2 §2: /home?filter=notify-posted says the post went out.
  const [searchParams, setSearchParams] = useSearchParams();
  const isJustPosted = searchParams.get('filter') === 'notify-posted';
  // Deleting a post from the feed ends the notice, which would otherwise announce a post that is gone
  // (issue 19); replacing the address keeps Back from bringing it again.
  const onDeleted = useCallback(() => {
    if (isJustPosted) setSearchParams({}, { replace: true });
  }, [isJustPosted, setSearchParams]);

  return (
    <div className="feed">
      <FeedTabs />
      {isJustPosted && (
        <p className="card feed__notice" role="status">
          Your post was sent
        </p>
      )}
      {isJustPosted && (
        <Suspense fallback={null}>
          <PushPromptCard />
        </Suspense>
      )}
      {shownItems.map((item, index) =>
        item.kind === 'post' ? (
          <PostCard
            key={item.key}
            post={item.post}
            isFirst={index === 0}
            onRequireSignIn={onRequireSignIn}
            onDeleted={onDeleted}
            {...actionsFor(item.post)}
          />
        ) : (
          <PostCard
            key={item.key}
            post={item.ad.post}
            onRequireSignIn={onRequireSignIn}
            ad={{ postId: item.ad.postId, cta: item.ad.cta, pageViewId }}
            {...actionsFor(item.ad.post)}
          />
        ),
      )}
      {shownItems.length === 0 && (isLoading || !isShowingLatest) && (
        <>
          <PostCardSkeleton />
          <PostCardSkeleton />
        </>
      )}
      {/* What follows the cards waits for them, or it would show above them for a moment. */}
      {isShowingLatest && error && posts.length === 0 && <p className="feed__status feed__status--error">{error}</p>}
      {isShowingLatest && !isLoading && !error && isEnd && posts.length === 0 && (
        <p className="feed__status">Be the first...</p>
      )}
      {isShowingLatest && isEnd && posts.length > 0 && <p className="feed__status">You've reached the end.</p>}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
