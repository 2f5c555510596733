import { SEARCH_DEVICE_NOTE } from '@campus/shared/search-api';
import { useMemo } from 'react';
import { LatestResults } from './latest-results.tsx';
import { MediaResults } from './media-results.tsx';
import { PeopleResults } from './people-results.tsx';
import { type SearchUrlState, searchQueryOf } from './search-url.ts';
import { useSearchRefusal } from './use-search-refusal.ts';
import { type SearchResults, useSearchResults } from './use-search-results.ts';

/** No network and nothing the device could answer with. */
const OFFLINE_SEARCH = "You're offline. Search results will show when you're back online.";

/** The results of the tab in `state`, fetched page by page; the server's refusals are followed. */
export function SearchResultsView({ state }: { state: SearchUrlState }) {
  const query = useMemo(() => searchQueryOf(state, 0), [state]);
  const results = useSearchResults(query);
  useSearchRefusal(results.errorCode);

  if (results.isOffline)
    return (
      <p className="card feed__status" role="status">
        {OFFLINE_SEARCH}
      </p>
    );
  return (
    <>
      {results.isFromDevice && (
        <p className="card search-device-note" role="status">
          {SEARCH_DEVICE_NOTE}
        </p>
      )}
      <TabResults state={state} results={results} />
    </>
  );
}

function TabResults({ state, results }: { state: SearchUrlState; results: SearchResults }) {
  if (state.show === 'people') return <PeopleResults q={state.q} results={results} />;
  if (state.show === 'media') return <MediaResults q={state.q} results={results} />;
  return <LatestResults q={state.q} results={results} />;
}
