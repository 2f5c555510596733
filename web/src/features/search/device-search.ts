/**
 * Offline search (issue 22, decision 039): the /search page and the header
 * box call these instead of /api/search and /api/search/suggest when there is
 * no network, with the same query and the same answers, found over the posts
 * this device holds for the signed-in viewer on this campus. Load it with
 * `import('./device-search.ts')`: MiniSearch stays out of /home's script.
 */
import type { SearchPageDto, SearchSuggestionsDto } from '@campus/shared/search-api';
import type { SearchQuery } from '@campus/shared/search-requests';
import { readStoredCampus } from '../../app/campus/stored-campus.ts';
import { readStoredUser } from '../../app/session/stored-user.ts';
import { type LocalDb, localDb } from '../../local/local-db.ts';
import type { DeviceSearchScope } from './device-posts.ts';
import { type DeviceSearch, openDeviceSearch } from './device-search-engine.ts';

export type { SearchQuery };

let opened: { key: string; search: DeviceSearch } | undefined;

/**
 * The search of this device copy for this scope: kept between queries, and
 * dropped for a new one when another user signs in or the campus differs.
 */
function deviceSearchFor(db: LocalDb, scope: DeviceSearchScope): DeviceSearch {
  const key = JSON.stringify([db.name, scope.campusId, scope.viewer?.id ?? null]);
  if (opened?.key !== key) {
    opened?.search.close();
    opened = { key, search: openDeviceSearch(db, scope) };
  }
  return opened.search;
}

/** The signed-in viewer and this origin's campus, as the session and campus providers stored them. */
function currentSearch(): DeviceSearch {
  return deviceSearchFor(localDb(), { campusId: readStoredCampus()?.id ?? '', viewer: readStoredUser() });
}

export function searchOnDevice(query: SearchQuery): Promise<SearchPageDto> {
  return currentSearch().search(query);
}

export function suggestOnDevice(q: string): Promise<SearchSuggestionsDto> {
  return currentSearch().suggest(q);
}

/**
 * Starts the index while the student is still typing (the box focused with no network): building
 * it over 2,000 posts takes most of a second on a phone (decision 039), typing a word takes longer.
 */
export function prepareDeviceSearch(): Promise<void> {
  return currentSearch().prepare();
}
