import { Link } from 'react-router';
import { FROM_SEARCH } from './search-back.ts';
import { type SearchShow, type SearchUrlState, searchUrlOf } from './search-url.ts';

const TABS: { show: SearchShow; label: string }[] = [
  { show: 'latest', label: 'Latest' },
  { show: 'media', label: 'Media' },
  { show: 'people', label: 'People' },
];

/** spec 2 §2: tabs Latest, Media, People; each keeps the query and the filters. */
export function SearchTabs({ state }: { state: SearchUrlState }) {
  return (
    <nav className="feed-tabs" aria-label="Search results">
      {TABS.map(({ show, label }) => (
        <Link
          key={show}
          to={searchUrlOf({ ...state, show })}
          state={FROM_SEARCH}
          className={`feed-tabs__tab${state.show === show ? ' active' : ''}`}
          aria-current={state.show === show ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
