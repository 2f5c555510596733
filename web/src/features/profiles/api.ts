import type { BlockStateDto, BlocksDto, MessageDto, ProfileListTab } from '@campus/shared/post-api';
import type { ProfileDto } from '@campus/shared/profile-api';
import type { ReportUserRequest } from '@campus/shared/report-requests';
import { apiRequest } from '../../lib/api-client.ts';

/** The profiles feature's calls to the API; profile edits go through the outbox (local/use-outbox-actions.ts). */

export function fetchProfile(username: string): Promise<ProfileDto> {
  return apiRequest<ProfileDto>(`/api/profiles/${encodeURIComponent(username)}`);
}

/** A profile tab's list (spec 2 §2 Profile), paged by `useCursorList`. */
export function profileListPath(username: string, tab: ProfileListTab): string {
  return `/api/profiles/${encodeURIComponent(username)}/${tab}`;
}

/** The users the viewer blocked. */
export function fetchBlocks(): Promise<BlocksDto> {
  return apiRequest<BlocksDto>('/api/blocks');
}

export function setBlocked(userId: string, isBlocked: boolean): Promise<BlockStateDto> {
  return apiRequest<BlockStateDto>(`/api/users/${encodeURIComponent(userId)}/block`, {
    method: isBlocked ? 'PUT' : 'DELETE',
  });
}

export function reportUser(userId: string, request: ReportUserRequest): Promise<MessageDto> {
  return apiRequest<MessageDto>(`/api/users/${encodeURIComponent(userId)}/report`, { method: 'POST', json: request });
}
