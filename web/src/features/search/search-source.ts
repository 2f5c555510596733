import type { SearchPageDto } from '@campus/shared/search-api';
import { searchQuerySchema } from '@campus/shared/search-requests';
import { isNetworkError } from '../../lib/api-client.ts';
import { fetchSearchPage } from './api.ts';
import { type SearchQuery, searchApiParamsOf } from './search-url.ts';

/** One page of a search, and where it came from. */
export type SearchSourcePage =
  | { kind: 'page'; page: SearchPageDto; isFromDevice: boolean }
  /** The request breaks the server's own rule (a price range upside down): its message, nothing sent. */
  | { kind: 'invalid'; message: string }
  /** No network, and the device's own search could not answer either. */
  | { kind: 'offline' };

/**
 * Where the /search page's results come from: the server's index, checked
 * first with the server's own schema so a wrong filter reads as the server
 * would say it, online or not. With no network the page says so; the
 * device's own search (issue 22, offline) is meant to answer here instead.
 */
export async function loadSearchPage(query: SearchQuery): Promise<SearchSourcePage> {
  const checked = searchQuerySchema.safeParse(Object.fromEntries(searchApiParamsOf(query)));
  if (!checked.success)
    return { kind: 'invalid', message: checked.error.issues[0]?.message ?? 'The search is not valid.' };
  try {
    return { kind: 'page', page: await fetchSearchPage(checked.data), isFromDevice: false };
  } catch (caught) {
    if (!isNetworkError(caught)) throw caught;
  }
  try {
    const { searchOnDevice } = await import('./device-search.ts');
    return { kind: 'page', page: await searchOnDevice(checked.data), isFromDevice: true };
  } catch (failed) {
    console.info('device search failed', failed);
    return { kind: 'offline' };
  }
}
