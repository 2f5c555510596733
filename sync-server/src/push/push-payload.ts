import { notificationLink, notificationText } from '@campus/shared/notification-text';
import type { PushPayload } from '@campus/shared/push-api';
import { toNotificationDto } from '../notifications/notifications.mapper.ts';
import type { NotificationListRow } from '../notifications/notifications.repository.ts';

/**
 * A push says what the in-app row says (shared/src/notification-text.ts): the
 * sentence as the title, the comment's or message's preview as the body, the
 * row's route as the link, and the row's id as the tag, so a merged row's
 * next push replaces the one before it on the device.
 */
export function toPushPayload(row: NotificationListRow & { campus_id: string }): PushPayload {
  const notification = toNotificationDto(row);
  return {
    title: notificationText(notification),
    body: notification.message ?? '',
    url: notificationLink(notification),
    tag: notification.id,
    icon: `/brand/${row.campus_id}/icon-192.png`,
  };
}
