import type { NotificationDto } from '@campus/shared/notifications-api';
import { POST_LIMITS } from '@campus/shared/post-rules';
import { toAuthorDto } from '../users/author-dto.ts';
import type { NotificationListRow } from './notifications.repository.ts';

export function toNotificationDto(row: NotificationListRow): NotificationDto {
  const text = row.message ?? row.comment_text;
  return {
    id: row.id,
    type: row.type,
    fromUser: toAuthorDto({ ...row, id: row.from_id }),
    actorCount: row.actor_count,
    postId: row.post_id,
    commentId: row.comment_id,
    chatId: row.chat_id,
    message: text === null ? null : text.slice(0, POST_LIMITS.previewCharacters),
    isRead: row.is_read === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
