import type { CampusAboutDto, NewMembersPageDto } from '@campus/shared/about-api';
import { apiRequest } from '../../lib/api-client.ts';

/** The About tab's calls to the API (spec 2 §7). */

export function fetchCampusAbout(): Promise<CampusAboutDto> {
  return apiRequest<CampusAboutDto>('/api/campus/about');
}

export function fetchNewMembers(cursor: string): Promise<NewMembersPageDto> {
  return apiRequest<NewMembersPageDto>(`/api/campus/new-members?${new URLSearchParams({ cursor })}`);
}
