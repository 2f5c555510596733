import type {
  CountSearchDto,
  PopularSearchesDto,
  SearchPageDto,
  SearchSuggestionsDto,
} from '@campus/shared/search-api';
import type { CountSearchRequest } from '@campus/shared/search-requests';
import { apiRequest } from '../../lib/api-client.ts';
import { type SearchQuery, searchApiParamsOf } from './search-url.ts';

/** The search feature's calls (routes in docs/decisions/035). */
export function fetchSearchPage(query: SearchQuery): Promise<SearchPageDto> {
  return apiRequest<SearchPageDto>(`/api/search?${searchApiParamsOf(query)}`);
}

/** GET /api/search/suggest?q=: post titles and people as the student types (decision 035). */
export function fetchSearchSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestionsDto> {
  return apiRequest<SearchSuggestionsDto>(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal });
}

/** GET /api/search/popular: the campus's most searched texts (14; the page lists them, the box shows 4). */
export function fetchPopularSearches(): Promise<PopularSearchesDto> {
  return apiRequest<PopularSearchesDto>('/api/search/popular');
}

/** POST /api/search/popular: counts an explicit search once (the server keeps one a day per client and text). */
export function countSearch(request: CountSearchRequest): Promise<CountSearchDto> {
  return apiRequest<CountSearchDto>('/api/search/popular', { method: 'POST', json: request });
}
