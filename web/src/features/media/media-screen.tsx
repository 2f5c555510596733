import { useReportPrivateCampus } from '../../lib/private-campus-refusal.ts';
import { FeedTabs } from '../posts/index.ts';
import { MediaGrid } from './media-grid.tsx';
import { MediaGridSkeleton } from './media-grid-skeleton.tsx';
import { useMedia } from './use-media.ts';
import { useNearBottom } from './use-near-bottom.ts';

/** /media: the Photos tab, a 3-column grid of photo posts loading more near the bottom (spec 2 §2). */
export function MediaScreen() {
  const { posts, isLoading, isEnd, error, errorCode, loadMore } = useMedia();
  useNearBottom(loadMore);
  useReportPrivateCampus(errorCode);

  return (
    <div className="feed media-screen">
      <FeedTabs />
      <h1 className="visually-hidden">Photos</h1>
      {isLoading && posts.length === 0 && <MediaGridSkeleton />}
      {posts.length > 0 && <MediaGrid posts={posts} label="Photo posts" />}
      {error && <p className="feed__status feed__status--error">{error}</p>}
      {!isLoading && !error && isEnd && posts.length === 0 && (
        <section className="card empty-state">
          <h2 className="empty-state__title">No photos yet</h2>
          <p className="empty-state__text">Posts with photos will show up here.</p>
        </section>
      )}
      {isLoading && posts.length > 0 && (
        <p className="feed__status" role="status">
          Loading…
        </p>
      )}
      {isEnd && posts.length > 0 && <p className="feed__status">You've reached the end.</p>}
    </div>
  );
}
