import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuthGate } from '../auth/index.ts';
import { countNewSearch } from './count-search.ts';
import { PopularSearches } from './popular-searches.tsx';
import { FROM_SEARCH } from './search-back.ts';
import { SearchField } from './search-field.tsx';
import { SearchFilters } from './search-filters.tsx';
import { SearchResultsView } from './search-results-view.tsx';
import { SearchTabs } from './search-tabs.tsx';
import { type SearchFilters as Filters, readSearchUrl, searchUrlOf } from './search-url.ts';
import { SignInToSearch } from './sign-in-to-search.tsx';
import { useSearchAccess } from './use-search-access.ts';

/**
 * /search (spec 2 §2 Search page; decision 037): everything it shows is in
 * its address, /search?q=&show=latest|media|people and the filters, so a
 * search can be shared, reloaded, and walked with Back and Forward.
 */
export function SearchScreen() {
  const [params] = useSearchParams();
  const state = useMemo(() => readSearchUrl(params), [params]);
  const navigate = useNavigate();
  const access = useSearchAccess();
  const openAuthGate = useAuthGate();
  const { q } = state;

  useEffect(() => {
    // spec 2 §2: a visitor on a private campus who searches gets the auth modal, and no results.
    if (access === 'sign-in' && q) openAuthGate('search');
    if (access === 'ok' && q) countNewSearch(q);
  }, [access, q, openAuthGate]);

  const search = useCallback(
    (words: string) => navigate(searchUrlOf({ ...state, q: words }), { state: FROM_SEARCH }),
    [navigate, state],
  );
  const filter = useCallback(
    (filters: Filters) => navigate(searchUrlOf({ ...state, filters }), { state: FROM_SEARCH }),
    [navigate, state],
  );

  return (
    <div className="feed search-page">
      <h1 className="visually-hidden">{q ? `Search results for "${q}"` : 'Search'}</h1>
      <SearchField q={q} onSearch={search} />
      {access === 'sign-in' && <SignInToSearch onSignIn={() => openAuthGate('search')} />}
      {/* 'verify' and 'school-email' are on their way to /verify or the school e-mail settings (the route's guard). */}
      {access !== 'ok' ? null : q === '' ? (
        <PopularSearches />
      ) : (
        <>
          <SearchTabs state={state} />
          {state.show !== 'people' && <SearchFilters filters={state.filters} onChange={filter} />}
          <SearchResultsView state={state} />
        </>
      )}
    </div>
  );
}
