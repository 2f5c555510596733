/** What the chat writer (chat-writer.ts) is handed to store, as plain data; chat-write-executor.ts writes it. */
export type ChatWritePart =
  /** A room's flush: its accepted updates as one log row. Answers the row's seq. */
  | {
      kind: 'messages';
      chatId: string;
      now: string;
      updates: Uint8Array[];
      /** Uploads the new messages attach: claimed for this chat, or the part fails. */
      claims: string[];
    }
  /** A room's compaction: its log replaced by one snapshot row. Answers the snapshot's seq. */
  | { kind: 'compact'; chatId: string; now: string; snapshot: Uint8Array }
  /**
   * Many chats' inbox columns and notifications, gathered by
   * chat-inbox-queue.ts. Answers how many unread flags flipped.
   */
  | { kind: 'inbox'; chats: InboxChatWrite[]; notifications: NotificationInsert[] };

interface LastMessageWrite {
  text: string | null;
  messageId: string | null;
  authorId: string | null;
}

/** One chat's inbox columns as of log row `seq`: what changed since the last write. */
export interface InboxChatWrite {
  chatId: string;
  seq: number;
  /** When the newest of the flushes it gathers was stored (the chat's last_modified, with a last message). */
  now: string;
  lastMessage: LastMessageWrite | null;
  reads: [userId: string, readMessageId: string | null][];
  /** Flags that may flip; a row that already holds the flag is left alone. */
  unread: [userId: string, isUnread: boolean][];
}

export interface NotificationInsert {
  id: string;
  campusId: string;
  chatId: string;
  toUserId: string;
  fromUserId: string;
  type: string;
  message: string;
  /** When the message or like that caused it was stored. */
  createdAt: string;
}
