import type { PopularSearchDto } from '@campus/shared/search-api';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchPopularSearches } from './api.ts';
import { FROM_SEARCH } from './search-back.ts';
import { NO_FILTERS, searchUrlOf } from './search-url.ts';

const START_TYPING = 'Start typing to search…';

/** /search without q (spec 2 §2): the campus's popular searches, each a link to /search?q={text}. */
export function PopularSearches() {
  // undefined while loading; a failure reads as none (spec 2 §8: search errors are only logged).
  const [searches, setSearches] = useState<PopularSearchDto[] | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    fetchPopularSearches().then(
      (body) => isCurrent && setSearches(body.searches),
      () => isCurrent && setSearches([]),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  if (searches === undefined)
    return (
      <section className="card search-popular" aria-busy="true" aria-label="Loading popular searches">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </section>
    );
  if (searches.length === 0)
    return (
      <section className="card empty-state">
        <p className="empty-state__text">{START_TYPING}</p>
      </section>
    );
  return (
    <section className="card search-popular" aria-labelledby="popular-searches-title">
      <h2 id="popular-searches-title" className="search-popular__title">
        Popular searches
      </h2>
      <ul className="search-popular__list">
        {searches.map((search) => (
          <li key={search.text}>
            <Link
              to={searchUrlOf({ q: search.text, show: 'latest', filters: NO_FILTERS })}
              state={FROM_SEARCH}
              className="search-popular__link"
            >
              {search.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
