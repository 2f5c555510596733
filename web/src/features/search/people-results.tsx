import { SkeletonRows } from '../../lib/skeleton-rows.tsx';
import { useLoadMoreSentinel } from '../../lib/use-load-more-sentinel.ts';
import { NO_RESULTS, NoResults } from './no-results.tsx';
import { PersonRow } from './person-row.tsx';
import type { SearchResults } from './use-search-results.ts';

/** spec 2 §2: the People tab, this campus's members by name or username, 10 at a time. */
export function PeopleResults({ q, results }: { q: string; results: SearchResults }) {
  const { users, isLoading, isEnd, error, loadMore } = results;
  const sentinel = useLoadMoreSentinel(loadMore);
  return (
    <div className="search-people">
      {users.length > 0 && (
        <section className="card savers">
          <ul className="savers__list" aria-label={`People for "${q}"`}>
            {users.map((user) => (
              <PersonRow key={user.id} user={user} />
            ))}
          </ul>
        </section>
      )}
      {isLoading && users.length === 0 && (
        <div className="card savers">
          <SkeletonRows
            label="Loading people"
            listClassName="savers__list"
            rowClassName="liker"
            bodyClassName="liker__names"
          />
        </div>
      )}
      {error && users.length === 0 && (
        <p className="feed__status feed__status--error" role="alert">
          {error}
        </p>
      )}
      {isEnd && users.length === 0 && <NoResults title={NO_RESULTS.people(q)} />}
      {isEnd && users.length > 0 && <p className="feed__status">You've reached the end.</p>}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}
