import type { CountSearchDto, PopularSearchesDto, SearchSuggestionsDto } from '@campus/shared/search-api';
import type { CountSearchRequest } from '@campus/shared/search-requests';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/search/suggest?q=: post titles and people as the student types (decision 035). */
export function fetchSearchSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestionsDto> {
  return apiRequest<SearchSuggestionsDto>(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal });
}

/** GET /api/search/popular: the campus's most searched texts (14; the box shows 4). */
export function fetchPopularSearches(): Promise<PopularSearchesDto> {
  return apiRequest<PopularSearchesDto>('/api/search/popular');
}

/** POST /api/search/popular: counts an explicit search (Enter or a pick, never a keystroke). */
export function countSearch(request: CountSearchRequest): Promise<CountSearchDto> {
  return apiRequest<CountSearchDto>('/api/search/popular', { method: 'POST', json: request });
}
