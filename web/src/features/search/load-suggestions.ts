import type { SearchSuggestionDto } from '@campus/shared/search-api';
import { fetchSearchSuggestions } from './api.ts';

/**
 * Where the box's suggestions come from (decision 038): the server's index when online. Offline,
 * none for now (the device's own index comes with offline search). A refusal (403 not_verified,
 * school_email_required) or any failure is no suggestions and no error: spec 1 §7, search errors
 * are logged only.
 */
export async function loadSuggestions(
  q: string,
  { signal, isOnline }: { signal: AbortSignal; isOnline: boolean },
): Promise<SearchSuggestionDto[]> {
  if (!isOnline) return [];
  try {
    return (await fetchSearchSuggestions(q, signal)).suggestions;
  } catch (error) {
    if (!signal.aborted) console.info('search suggestions failed', error);
    return [];
  }
}
