/**
 * Payloads of the notification endpoints (spec 2 §2 Notifications, §3
 * Notification, §4, §7; issue 21, decision 032). Free of zod, like the other
 * *-api.ts modules the shell reads; the request schemas are in
 * notifications-requests.ts.
 */
import type { AuthorDto } from './post-api.ts';

/**
 * spec 2 §9 notification types, in the code's words (decision 029: the
 * spec's 'like' is 'save').
 */
export const NOTIFICATION_TYPES = [
  'save',
  'comment',
  'comment reply',
  'comment interaction',
  'post interaction',
  'message',
  'message like',
  'new chat',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** spec 2 §4, §9: "notifications and messages 15". */
export const NOTIFICATIONS_PAGE_SIZE = 15;
/** At most this many ids in one POST /api/notifications/read. */
export const NOTIFICATIONS_READ_MAX = 100;

/**
 * One row of /notifications. A row stands for every action with its merge key
 * (decision 032): a burst of saves on one post is one row, its `fromUser` the
 * latest actor, `actorCount` how many, `updatedAt` the latest time (the
 * list's order); it is unread again after each new action.
 */
export interface NotificationDto {
  id: string;
  type: NotificationType;
  /** The latest actor. */
  fromUser: AuthorDto;
  /** 'save': how many saved the post; 'post interaction', 'comment interaction', 'message', 'message like': actions since the row was last read; else 1. */
  actorCount: number;
  /** The top-level post the row opens (/post/{postId}), with `commentId` the comment to show in it. */
  postId: string | null;
  commentId: string | null;
  /** The chat the row opens (/messages/{chatId}). */
  chatId: string | null;
  /** A preview of the comment or message, when there is one. */
  message: string | null;
  isRead: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/notifications?cursor=: newest first (updatedAt), NOTIFICATIONS_PAGE_SIZE a page. */
export interface NotificationsPageDto {
  notifications: NotificationDto[];
  nextCursor: string | null;
}

/**
 * GET /api/notifications/unread, the answer to POST /api/notifications/read
 * and the `unread` message of the sync socket: what the badges show (spec 2
 * §7 "notifications and chats summed into a header badge").
 */
export interface UnreadCountsDto {
  notifications: number;
  chats: number;
}
