/** Payloads of the chat endpoints (spec 2 §2 Messages, §3 Chat/Message, §4, §8; issue 6). */
import type { ChatMessage } from './chat-doc.ts';
import type { AuthorDto } from './post-api.ts';

export const CHAT_MESSAGES = {
  deleted: 'Chat deleted',
  missing: "This conversation doesn't exist",
  empty: 'Send a message, get a message',
  postDeleted: '* Post deleted **',
  started: 'New Conversation Started',
  selectUser: 'Please select a user!',
  deleteFailed: "Couldn't delete all chat messages",
  loadFailed: 'Error getting user chats',
  somethingWentWrong: 'Something went wrong',
  delivered: 'Delivered',
  seen: 'Seen',
  /** spec 2 §8 Successes: after liking a message (docs/decisions/027). */
  reactionSent: 'Reaction sent.',
  /** Not in the spec (decision 014): nobody messages themselves, blocked users cannot message each other. */
  notYourself: "You can't message yourself.",
  blocked: "You can't message this person.",
} as const;

/** spec 2 §4: "notifications and messages 15". */
export const CHAT_PAGE_SIZE = 15;
/** spec 1 §4: the new-message user search starts at 2 characters. */
export const USER_SEARCH_MIN_CHARS = 2;

/** One row of /messages. */
export interface ChatSummaryDto {
  id: string;
  otherUser: AuthorDto;
  /** spec 2 §3 last_message: the text the inbox shows, e.g. the message or 'Liked a message'. */
  lastMessage: string | null;
  lastMessageAuthorId: string | null;
  /** The viewer has not read the newest message (spec 2 §4 read list). */
  isUnread: boolean;
  /** For the viewer's own last message: 'Delivered' until the other member read it, then 'Seen'. */
  lastMessageStatus: 'Delivered' | 'Seen' | null;
  createdAt: string;
  lastModified: string;
}

export interface InboxPageDto {
  chats: ChatSummaryDto[];
  nextCursor: string | null;
}

/** POST /api/chats answers the chat, reused or new (its request: chat-requests.ts). */
export interface StartChatResponse {
  chat: ChatSummaryDto;
  /** True when a new conversation was created ('New Conversation Started'). */
  isNew: boolean;
}

/** GET /api/users/search?q= (spec 1 §4 message user search): same campus, never the viewer. */
export interface UserSearchDto {
  users: AuthorDto[];
}

/** GET /api/chats/:id/recent answers this many of the newest messages (decision 019). */
export const CHAT_RECENT_SIZE = 30;

/**
 * GET /api/chats/:id/recent: the last screen of a chat, so a device without
 * the doc shows it at once while the doc syncs (decision 019).
 */
export interface ChatRecentDto {
  /** The newest CHAT_RECENT_SIZE messages, oldest first. */
  messages: ChatMessage[];
  /** Like keys (`${messageId}:${userId}`) of those messages. */
  likes: string[];
  /** userId → the newest message id that member has read. */
  reads: Record<string, string>;
  /** Older messages exist (they come with the doc). */
  hasEarlier: boolean;
}

/** The y-websocket endpoint of one conversation, on the campus host: `${CHAT_SOCKET_PREFIX}${chatId}`. */
export const CHAT_SOCKET_PREFIX = '/api/chats/sync/';

/**
 * What the inbox's last_message says when a message has no text, and after a
 * like (spec 2 §4 "Message like toggles and changes the chat's last_message
 * text accordingly"; decision 014). An unlike puts the newest message back.
 */
export const CHAT_PREVIEWS = {
  photo: 'Sent a photo',
  video: 'Sent a video',
  post: 'Shared a post',
} as const;

export function likedMessagePreview(firstName: string): string {
  return `${firstName} liked a message`;
}

/**
 * Close codes of the chat socket (decision 014). The y-websocket client does
 * not reconnect after a 44xx close: the update was refused, the message could
 * not be read, or the chat was deleted ('This conversation doesn't exist').
 * 4529 (decision 019: too many messages, nothing of the update stored) is in
 * the 45xx "try again later" range: the client reconnects with backoff.
 */
export const CHAT_SOCKET_CLOSE = { badMessage: 4400, refused: 4403, deleted: 4404, slowDown: 4529 } as const;
