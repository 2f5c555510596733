import { CAMPUS_SEARCH_PATH, type CampusSearchDto, type CampusSearchHitDto } from '@campus/shared/campus-search-api';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/campuses/search?q=: the schools matching what was typed (decision 036). */
export function searchSchools(query: string, signal?: AbortSignal): Promise<CampusSearchDto> {
  return apiRequest<CampusSearchDto>(`${CAMPUS_SEARCH_PATH}?q=${encodeURIComponent(query)}`, { signal });
}

/** GET /api/campuses/{id}: one school, for a finder opened with ?school= in its address. */
export function fetchSchool(campusId: string): Promise<CampusSearchHitDto> {
  return apiRequest<CampusSearchHitDto>(`/api/campuses/${encodeURIComponent(campusId)}`);
}
