import type { SearchSuggestionDto } from '@campus/shared/search-api';
import { isNetworkError } from '../../lib/api-client.ts';
import { fetchSearchSuggestions } from './api.ts';

/**
 * Where the box's suggestions come from (decision 038): the server's index when online; offline,
 * the device's own index over what it holds (decision 039), loaded only then. A refusal (403 not_verified,
 * school_email_required) or any failure is no suggestions and no error: spec 1 §7, search errors
 * are logged only.
 */
export async function loadSuggestions(
  q: string,
  { signal, isOnline }: { signal: AbortSignal; isOnline: boolean },
): Promise<SearchSuggestionDto[]> {
  if (!isOnline) return suggestOffline(q);
  try {
    return (await fetchSearchSuggestions(q, signal)).suggestions;
  } catch (error) {
    if (signal.aborted) return [];
    // The connection dropped before the app noticed: the device answers.
    if (isNetworkError(error)) return suggestOffline(q);
    console.info('search suggestions failed', error);
    return [];
  }
}

async function suggestOffline(q: string): Promise<SearchSuggestionDto[]> {
  try {
    const { suggestOnDevice } = await import('./device-search.ts');
    return (await suggestOnDevice(q)).suggestions;
  } catch (error) {
    console.info('device suggestions failed', error);
    return [];
  }
}
