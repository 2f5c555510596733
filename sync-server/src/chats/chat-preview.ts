import { CHAT_PREVIEWS } from '@campus/shared/chat-api';
import type { ChatMessage } from '@campus/shared/chat-doc';
import { POST_LIMITS } from '@campus/shared/post-rules';

/**
 * The inbox's last_message for a message (spec 2 §3): its text cut at the
 * preview length (spec 2 §9), else what it carries (decision 014).
 */
export function messagePreview(message: Pick<ChatMessage, 'text' | 'postId' | 'attachment'>): string {
  const text = message.text.trim();
  if (text !== '') {
    return text.length > POST_LIMITS.previewCharacters ? `${text.slice(0, POST_LIMITS.previewCharacters)}…` : text;
  }
  if (message.attachment) return message.attachment.kind === 'video' ? CHAT_PREVIEWS.video : CHAT_PREVIEWS.photo;
  return message.postId ? CHAT_PREVIEWS.post : '';
}
