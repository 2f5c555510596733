import type { ChatRecentDto } from '@campus/shared/chat-api';
import { type ChatMessage, likesOf, messagesOf, readsOf } from '@campus/shared/chat-doc';
import type * as Y from 'yjs';

/**
 * The newest `limit` messages of `doc`, oldest first, with their likes and
 * the read positions (decision 019). One pass over the messages keeping the
 * newest few: no sort of a 20,000-message chat.
 */
export function recentOfDoc(doc: Y.Doc, limit: number): ChatRecentDto {
  const newest: ChatMessage[] = [];
  for (const message of messagesOf(doc).values()) {
    if (newest.length === limit && message.id <= (newest[0] as ChatMessage).id) continue;
    let at = newest.length;
    while (at > 0 && (newest[at - 1] as ChatMessage).id > message.id) at -= 1;
    newest.splice(at, 0, message);
    if (newest.length > limit) newest.shift();
  }
  const ids = new Set(newest.map((message) => message.id));
  const likes: string[] = [];
  for (const key of likesOf(doc).keys()) {
    if (ids.has(key.slice(0, key.lastIndexOf(':')))) likes.push(key);
  }
  return {
    messages: newest,
    likes,
    reads: Object.fromEntries(readsOf(doc).entries()),
    hasEarlier: messagesOf(doc).size > newest.length,
  };
}
