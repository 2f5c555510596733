/**
 * The live-sync contract (issue 5, docs/decisions/013): the outbox's
 * idempotency header and the messages of the one WebSocket per client.
 */

/** Every write the outbox sends carries its mutation's own id in this header. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer replayed from the first time a mutation id was applied. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** The WebSocket endpoint, on the campus's own host. */
export const SYNC_SOCKET_PATH = '/api/sync';
/** At most this many notices answer one catch-up; an older cursor gets `reset`. */
export const CATCH_UP_LIMIT = 500;

/**
 * Something about one post changed: created, edited, sold, re-counted,
 * commented on (lastModified) or deleted. `saved` is the viewer's own saved
 * list gaining or losing the post. Notices carry no content: the client
 * fetches what it shows, as the viewer it is.
 */
export interface ChangeNotice {
  seq: number;
  /** `chat` (issue 6): one of the viewer's chats changed (created, new last message, read, deleted). */
  kind: 'post' | 'saved' | 'chat';
  /**
   * For `chat` it repeats the chat id, so a client that does not know the
   * kind looks up a post that does not exist and forgets nothing.
   */
  postId: string;
  parentId: string | null;
  isDeleted: boolean;
  /** Set on `chat` notices only. */
  chatId?: string;
}

export type ClientSyncMessage =
  /** First message: the last seq this client applied, or null for "from now". */
  { type: 'hello'; since: number | null } | { type: 'ping' };

export type ServerSyncMessage =
  /** Answers hello: the notices after `since`, and the cursor to keep. */
  | { type: 'changes'; changes: ChangeNotice[]; cursor: number }
  /** The cursor is too old to catch up from: reload what is shown, keep `cursor`. */
  | { type: 'reset'; cursor: number }
  /**
   * The user's unread notifications or chats on this campus may have moved
   * (issue 21, decision 032): the badges' counts now. Sent only on a change;
   * a device reads GET /api/notifications/unread when it connects.
   */
  | { type: 'unread'; notifications: number; chats: number }
  | { type: 'pong' };

/** Close codes the client reads: do not retry until signed in again. */
const SYNC_CLOSE = { unauthorized: 4401, forbidden: 4403 } as const;

/**
 * The session that opened a socket ended (logout, a password change on
 * another device, a reset, a ban, expiry): the server closes every socket of
 * it, chat and sync alike, with this code (issue 18, decision 020). The
 * client asks /api/auth/me again instead of reconnecting.
 */
export const SESSION_ENDED_CLOSE = { code: SYNC_CLOSE.unauthorized, reason: 'Session ended' } as const;
