import { MediaGrid, MediaGridSkeleton } from '../media/index.ts';
import { NO_RESULTS, NoResults } from './no-results.tsx';
import type { SearchResults } from './use-search-results.ts';

/** spec 2 §2: the Media tab, a 3-column grid with a 'Click To Load More..' tile while more exist. */
export function MediaResults({ q, results }: { q: string; results: SearchResults }) {
  const { posts, isLoading, isEnd, error, loadMore } = results;
  const hasMore = !isEnd && !error && posts.length > 0;
  return (
    <div className="search-media">
      {isLoading && posts.length === 0 && <MediaGridSkeleton />}
      {posts.length > 0 && (
        <MediaGrid posts={posts} label={`Photos and videos for "${q}"`}>
          {hasMore && (
            <li className="media-grid__item">
              <button
                type="button"
                className="search-media__more"
                onClick={loadMore}
                disabled={isLoading}
                aria-busy={isLoading}
              >
                Click To Load More..
              </button>
            </li>
          )}
        </MediaGrid>
      )}
      {error && posts.length === 0 && (
        <p className="feed__status feed__status--error" role="alert">
          {error}
        </p>
      )}
      {isEnd && posts.length === 0 && <NoResults title={NO_RESULTS.media(q)} />}
      {isEnd && posts.length > 0 && <p className="feed__status">You've reached the end.</p>}
    </div>
  );
}
