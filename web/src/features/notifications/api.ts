import type { NotificationsPageDto, UnreadCountsDto } from '@campus/shared/notifications-api';
import type { MarkNotificationsReadRequest } from '@campus/shared/notifications-requests';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The notifications feature's calls to the API (spec 2 §7 Notifications,
 * decision 032): a page of the list, and marking displayed rows read (the
 * answer is the new unread counts).
 */
export function fetchNotificationsPage(cursor: string | null): Promise<NotificationsPageDto> {
  return apiRequest<NotificationsPageDto>(
    cursor === null ? '/api/notifications' : `/api/notifications?cursor=${encodeURIComponent(cursor)}`,
  );
}

export function markNotificationsRead(ids: string[]): Promise<UnreadCountsDto> {
  const request: MarkNotificationsReadRequest = { ids };
  return apiRequest<UnreadCountsDto>('/api/notifications/read', { method: 'POST', json: request });
}
