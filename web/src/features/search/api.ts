import type { CountSearchDto, PopularSearchesDto, SearchPageDto } from '@campus/shared/search-api';
import type { countSearchRequestSchema } from '@campus/shared/search-requests';
import type { z } from '@campus/shared/zod';
import { apiRequest } from '../../lib/api-client.ts';
import { type SearchQuery, searchApiParamsOf } from './search-url.ts';

/** The search feature's calls (routes in docs/decisions/035). */
export function fetchSearchPage(query: SearchQuery): Promise<SearchPageDto> {
  return apiRequest<SearchPageDto>(`/api/search?${searchApiParamsOf(query)}`);
}

/** spec 2 §7: this campus's popular searches, total_views desc, 14. */
export function fetchPopularSearches(): Promise<PopularSearchesDto> {
  return apiRequest<PopularSearchesDto>('/api/search/popular');
}

/** Counts an explicit search once (the server keeps one a day per client and text). */
export function countSearch(request: z.input<typeof countSearchRequestSchema>): Promise<CountSearchDto> {
  return apiRequest<CountSearchDto>('/api/search/popular', { method: 'POST', json: request });
}
