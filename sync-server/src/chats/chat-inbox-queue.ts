import type { Logger } from '../http/logger.ts';
import type { InboxChatWrite, NotificationInsert } from './chat-write-parts.ts';
import type { ChatWriter } from './chat-writer.ts';

/**
 * What a room's flush implies beyond its log row (issue 6, decision 016,
 * 'The inbox is written apart'): the chat's last message, its members' read positions
 * and unread flags, and the notifications of its messages and likes. A
 * flush commits its log row and is relayed without them; every `delayMs`
 * what has gathered from every room goes to the chat writer, each chat's
 * columns once however many flushes it had (in the chat bench's flood a
 * chat has about fifty a tenth of a second), at most `maxRows` chats or
 * notifications a part.
 *
 * Messages from one member that arrive within one `delayMs` make one
 * 'message' notification, the newest's, as a messaging app shows a burst
 * once; 'new chat' and 'message like' notifications are all kept.
 *
 * A chat's inbox columns are written with the seq of the last log row they
 * follow (`chats.inbox_seq`). A crash loses what was gathered, never a
 * message: at start-up, a chat with a log row past its inbox_seq has its
 * columns worked out again from the doc (chat-inbox-repair.ts). Lost
 * notifications stay lost.
 */
/**
 * One flush's (or compaction's) share: its chat's inbox columns as of log row
 * `seq` (a compaction's snapshot changes none of them), and its notifications.
 */
export interface InboxEntry extends InboxChatWrite {
  notifications: NotificationInsert[];
}

export interface InboxQueue {
  add(entry: InboxEntry): void;
  /** Writes what is queued now; resolves once everything handed in so far is written (or given up on). */
  flush(): Promise<void>;
}

/** A chat's entries so far: the later one wins, key by key (a map only once there is something in it). */
interface GatheredChat extends Omit<InboxChatWrite, 'reads' | 'unread'> {
  reads: Map<string, string | null> | null;
  unread: Map<string, boolean> | null;
}

interface Gathered {
  chats: Map<string, GatheredChat>;
  notifications: NotificationInsert[];
  /** Where each chat's 'message' notification to a member sits in `notifications`. */
  messageNotifications: Map<string, number>;
}

function gathering(): Gathered {
  return { chats: new Map(), notifications: [], messageNotifications: new Map() };
}

export function createInboxQueue(
  writer: ChatWriter,
  logger: Logger,
  {
    delayMs = 100,
    maxRows = 16,
    onInboxChanged = () => {},
  }: {
    delayMs?: number;
    maxRows?: number;
    /** A last message, a read position or an unread flag was written (the change hub is poked). */
    onInboxChanged?: () => void;
  } = {},
): InboxQueue {
  let gathered = gathering();
  let timer: NodeJS.Timeout | null = null;
  let written: Promise<void> = Promise.resolve();

  function write(chats: InboxChatWrite[], notifications: NotificationInsert[]): Promise<void> {
    return writer.write({ kind: 'inbox', chats, notifications }).then(
      (flips) => {
        if (flips > 0 || chats.some((chat) => chat.lastMessage !== null || chat.reads.length > 0)) onInboxChanged();
      },
      // Messages are stored whatever happens here; the start-up repair mends the columns, notifications are lost.
      (error: unknown) =>
        logger.error('chat inbox columns not stored', {
          chats: chats.length,
          notifications: notifications.length,
          error: String(error),
        }),
    );
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const { chats, notifications } = gathered;
    if (chats.size === 0 && notifications.length === 0) return written;
    gathered = gathering();
    const writes = [...chats.values()].map((chat) => ({
      ...chat,
      reads: chat.reads ? [...chat.reads] : [],
      unread: chat.unread ? [...chat.unread] : [],
    }));
    // Chats first, then notifications, at most maxRows a part, one part after the other: a big
    // backlog does not hold the writer (and so the event loop) in one long commit.
    for (let start = 0; start < writes.length + notifications.length; start += maxRows) {
      const end = start + maxRows;
      const chatsPart = writes.slice(start, end);
      const notificationsPart = notifications.slice(
        Math.max(0, start - writes.length),
        Math.max(0, end - writes.length),
      );
      written = written.then(() => write(chatsPart, notificationsPart));
    }
    return written;
  }

  return {
    add(entry) {
      let chat = gathered.chats.get(entry.chatId);
      if (!chat) {
        chat = {
          chatId: entry.chatId,
          seq: entry.seq,
          now: entry.now,
          lastMessage: null,
          reads: null,
          unread: null,
        };
        gathered.chats.set(entry.chatId, chat);
      }
      // The room hands its entries in the order of their log rows: the later one wins.
      chat.seq = entry.seq;
      if (entry.lastMessage) {
        chat.lastMessage = entry.lastMessage;
        chat.now = entry.now;
      }
      if (entry.reads.length > 0) {
        const reads = chat.reads ?? new Map();
        for (const [userId, readMessageId] of entry.reads) reads.set(userId, readMessageId);
        chat.reads = reads;
      }
      if (entry.unread.length > 0) {
        const unread = chat.unread ?? new Map();
        for (const [userId, isUnread] of entry.unread) unread.set(userId, isUnread);
        chat.unread = unread;
      }
      for (const notification of entry.notifications) {
        // A burst of messages to the same member in the same chat is one notification: the newest.
        const key = notification.type === 'message' ? `${notification.chatId}:${notification.toUserId}` : null;
        const at = key === null ? undefined : gathered.messageNotifications.get(key);
        if (at !== undefined) {
          gathered.notifications[at] = notification;
        } else {
          if (key !== null) gathered.messageNotifications.set(key, gathered.notifications.length);
          gathered.notifications.push(notification);
        }
      }
      if (!timer) {
        timer = setTimeout(flush, delayMs);
        timer.unref();
      }
    },
    flush,
  };
}
