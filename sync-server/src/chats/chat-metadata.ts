import { likedMessagePreview } from '@campus/shared/chat-api';
import type { ChatMessage } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import type * as Y from 'yjs';
import type { NotificationType } from '../db/schema.ts';
import type { InboxEntry } from './chat-inbox-queue.ts';
import { messagePreview } from './chat-preview.ts';
import type { NotificationInsert } from './chat-write-parts.ts';

/** What an accepted update did, in the order it was applied (chat-apply.ts). */
export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'like'; message: ChatMessage; likerId: string; likerFirstName: string; isLiked: boolean };

/** The SQL side of one conversation as the room keeps it between flushes. */
export interface ChatMetadataState {
  chatId: string;
  campusId: string;
  memberIds: readonly string[];
  /** The newest message by id (UUIDv7: by time), which 'Delivered' / 'Seen' and unread are about. */
  newest: ChatMessage | null;
  messageCount: number;
  /**
   * Members' has_unread as this room last stored it (absent: not known yet).
   * The room is the only writer of its members' flags, so a flag that has
   * not flipped is not written again.
   */
  storedUnread: Map<string, boolean>;
}

interface NotificationRow {
  type: NotificationType;
  toUserId: string;
  fromUserId: string;
  message: string;
}

export interface ChatMetadataPlan {
  /** The chat row's new last_message text, when it changes. */
  lastMessage: string | null | undefined;
  notifications: NotificationRow[];
  /** The newest message changed: members' unread flags are worked out again. */
  isNewestChanged: boolean;
  /** Uploads attached by the new messages. */
  claims: string[];
}

/**
 * spec 2 §4: a new message becomes the last message, marks the other member
 * unread and notifies them ('new chat' for a conversation's first message,
 * 'message' after; decision 014). A like changes the last message to
 * '{First name} liked a message' and notifies the author (not a self-like);
 * an unlike puts the newest message back. Updates `state` as it goes.
 */
export function planChatMetadata(state: ChatMetadataState, events: ChatEvent[]): ChatMetadataPlan {
  const plan: ChatMetadataPlan = { lastMessage: undefined, notifications: [], isNewestChanged: false, claims: [] };
  for (const event of events) {
    if (event.type === 'message') {
      const { message } = event;
      const isFirst = state.messageCount === 0;
      if (message.attachment) plan.claims.push(message.attachment.uploadId);
      state.messageCount += 1;
      const preview = messagePreview(message);
      if (state.newest === null || message.id > state.newest.id) {
        state.newest = message;
        plan.isNewestChanged = true;
        plan.lastMessage = preview;
      }
      plan.notifications.push({
        type: isFirst ? 'new chat' : 'message',
        toUserId: otherMember(state.memberIds, message.authorId),
        fromUserId: message.authorId,
        message: preview,
      });
    } else if (event.isLiked) {
      plan.lastMessage = likedMessagePreview(event.likerFirstName);
      if (event.message.authorId !== event.likerId) {
        plan.notifications.push({
          type: 'message like',
          toUserId: event.message.authorId,
          fromUserId: event.likerId,
          message: messagePreview(event.message),
        });
      }
    } else {
      plan.lastMessage = state.newest ? messagePreview(state.newest) : null;
    }
  }
  return plan;
}

/** The chat's other member (a function of its own: a closure per call is a named function under tsx). */
function otherMember(memberIds: readonly string[], userId: string): string {
  for (const id of memberIds) if (id !== userId) return id;
  return userId;
}

/** The metadata state of a doc just loaded: its newest message and count; no unread flag known yet. */
export function metadataStateOf(
  chat: { id: string; campusId: string; memberIds: readonly string[] },
  messages: Y.Map<ChatMessage>,
): ChatMetadataState {
  return {
    chatId: chat.id,
    campusId: chat.campusId,
    memberIds: chat.memberIds,
    newest: newestOf(messages.values()),
    messageCount: messages.size,
    storedUnread: new Map(),
  };
}

export function newestOf(messages: Iterable<ChatMessage>): ChatMessage | null {
  let newest: ChatMessage | null = null;
  for (const message of messages) if (newest === null || message.id > newest.id) newest = message;
  return newest;
}

/** A member has unread messages when the newest is someone else's and past their read position. */
export function hasUnread(newest: ChatMessage | null, userId: string, readMessageId: string | undefined): boolean {
  return newest !== null && newest.authorId !== userId && (readMessageId === undefined || readMessageId < newest.id);
}

export interface MetadataWrite {
  plan: ChatMetadataPlan;
  /** Members whose read position moved, with where it is now. */
  reads: [userId: string, readMessageId: string | null][];
  /** Each member's unread flag, when it has to be worked out again. */
  unread: [userId: string, isUnread: boolean][] | null;
}

/**
 * What a flush stored as log row `seq` implies for the inbox queue
 * (chat-inbox-queue.ts): the last message, moved read positions, the unread
 * flags that may flip (a stored flag that is already right is not written
 * again) and the notifications.
 */
export function inboxEntry(
  state: ChatMetadataState,
  { plan, reads, unread }: MetadataWrite,
  seq: number,
  now: string,
): InboxEntry {
  return {
    chatId: state.chatId,
    seq,
    now,
    lastMessage:
      plan.lastMessage === undefined
        ? null
        : { text: plan.lastMessage, messageId: state.newest?.id ?? null, authorId: state.newest?.authorId ?? null },
    reads,
    unread: unread ? unread.filter(([userId, isUnread]) => state.storedUnread.get(userId) !== isUnread) : [],
    notifications: notificationInserts(state, plan, now),
  };
}

/** The plan's notifications as rows, dated when their flush was stored (chat-inbox-queue.ts writes them). */
function notificationInserts(
  state: ChatMetadataState,
  plan: ChatMetadataPlan,
  createdAt: string,
): NotificationInsert[] {
  return plan.notifications.map((notification) => ({
    id: uuidv7(),
    campusId: state.campusId,
    chatId: state.chatId,
    toUserId: notification.toUserId,
    fromUserId: notification.fromUserId,
    type: notification.type,
    message: notification.message,
    createdAt,
  }));
}
