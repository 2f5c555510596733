import type { NotificationsPageDto } from '@campus/shared/notifications-api';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The notifications feature's calls to the API (spec 2 §7 Notifications,
 * decision 032): a page of the list. Marking displayed rows read goes
 * through the outbox (local/notification-reads.ts).
 */
export function fetchNotificationsPage(cursor: string | null): Promise<NotificationsPageDto> {
  return apiRequest<NotificationsPageDto>(
    cursor === null ? '/api/notifications' : `/api/notifications?cursor=${encodeURIComponent(cursor)}`,
  );
}
