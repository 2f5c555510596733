import { Link } from 'react-router';
import { useReportPrivateCampus } from '../../lib/private-campus-refusal.ts';
import { MediaGrid } from './media-grid.tsx';
import { MediaGridSkeleton } from './media-grid-skeleton.tsx';
import { useMedia } from './use-media.ts';

/** spec 2 §2 /media/{id}: a 'More posts' grid of the campus's other photo posts. */
export function MorePosts({ currentPostId }: { currentPostId: string }) {
  const { posts, isLoading, isEnd, errorCode } = useMedia();
  // The grid is the campus's Photos feed: a private_campus refusal gates the whole detail.
  useReportPrivateCampus(errorCode);
  const others = posts.filter((post) => post.id !== currentPostId);
  if (!isLoading && others.length === 0) return null;
  return (
    <section className="more-posts" aria-labelledby="more-posts-title">
      <h2 id="more-posts-title" className="more-posts__title">
        More posts
      </h2>
      {isLoading && others.length === 0 ? <MediaGridSkeleton /> : <MediaGrid posts={others} label="More posts" />}
      {!isEnd && (
        <Link to="/media" className="button button--outline button--block">
          See all photos
        </Link>
      )}
    </section>
  );
}
