import type { CampusDto } from '@campus/shared/campus-api';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/campus: the host's campus; `fresh` asks past the 60 s HTTP cache (a join changed the member count). */
export function fetchCampus(fresh: boolean): Promise<CampusDto> {
  return apiRequest<CampusDto>('/api/campus', fresh ? { cache: 'no-cache' } : {});
}
