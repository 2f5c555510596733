/**
 * A conversation is one Y.Doc (issue 6, DESIGN.md "Chats are Yjs documents").
 * Its shape is written here once; the browser edits it only through these
 * functions and the server checks every update against the same rules
 * (`isAllowedChatChange`), so a client can only:
 * - add a message authored by itself (never change or remove one),
 * - like or unlike a message as itself,
 * - move its own read position.
 */
import type * as Y from 'yjs';

export const CHAT_ROOTS = { messages: 'messages', likes: 'likes', reads: 'reads' } as const;

/** At most one attachment per message (spec 2 §5), an upload of the author's. */
export interface ChatAttachment {
  uploadId: string;
  kind: 'image' | 'video';
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  placeholder: string | null;
}

/** A message as stored in the doc: a plain value, never edited after it is added. */
export interface ChatMessage {
  /** UUIDv7, so ids sort by time. */
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  /** A shared post (spec 2 §4 'Sharing a post into a chat'). */
  postId: string | null;
  attachment: ChatAttachment | null;
}

export function messagesOf(doc: Y.Doc): Y.Map<ChatMessage> {
  return doc.getMap<ChatMessage>(CHAT_ROOTS.messages);
}

/** Key `${messageId}:${userId}` → true while that user likes that message. */
export function likesOf(doc: Y.Doc): Y.Map<true> {
  return doc.getMap<true>(CHAT_ROOTS.likes);
}

/** userId → the id of the newest message that user has seen. */
export function readsOf(doc: Y.Doc): Y.Map<string> {
  return doc.getMap<string>(CHAT_ROOTS.reads);
}

export function likeKey(messageId: string, userId: string): string {
  return `${messageId}:${userId}`;
}

/** Messages oldest first (ids are UUIDv7). */
export function sortedMessages(doc: Y.Doc): ChatMessage[] {
  return [...messagesOf(doc).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function addMessage(doc: Y.Doc, message: ChatMessage): void {
  messagesOf(doc).set(message.id, message);
}

export function setLiked(doc: Y.Doc, messageId: string, userId: string, isLiked: boolean): void {
  const likes = likesOf(doc);
  if (isLiked) likes.set(likeKey(messageId, userId), true);
  else likes.delete(likeKey(messageId, userId));
}

export function likersOf(doc: Y.Doc, messageId: string): string[] {
  const prefix = `${messageId}:`;
  return [...likesOf(doc).keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

export function markRead(doc: Y.Doc, userId: string, messageId: string): void {
  const reads = readsOf(doc);
  const current = reads.get(userId);
  if (current === undefined || current < messageId) reads.set(userId, messageId);
}
