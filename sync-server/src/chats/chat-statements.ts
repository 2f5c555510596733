import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The statements every chat message runs (issue 6, decision 016), prepared
 * once on the better-sqlite3 handle and run synchronously inside the chat
 * writer's transaction (chat-writer.ts). Building them with Kysely's query
 * builder cost ~140 µs a message, and its promise per statement more again.
 */
export interface ChatStatements {
  appendUpdate(chatId: string, update: Buffer, createdAt: string): void;
  updateLastMessage(
    chatId: string,
    last: { text: string | null; messageId: string | null; authorId: string | null; at: string },
  ): void;
  updateReadPosition(chatId: string, userId: string, readMessageId: string | null): void;
  /** Sets a member's has_unread; a row that already holds it is left alone. Answers whether it changed. */
  setUnread(chatId: string, userId: string, isUnread: boolean): boolean;
  insertNotification(row: NotificationInsert): void;
}

export interface NotificationInsert {
  id: string;
  campusId: string;
  toUserId: string;
  fromUserId: string;
  type: string;
  chatId: string;
  message: string;
  createdAt: string;
}

export function prepareChatStatements(sqlite: SQLite.Database): ChatStatements {
  const appendUpdate = sqlite.prepare(
    'insert into "chat_updates" ("chat_id", "update", "created_at") values (?, ?, ?)',
  );
  const updateLastMessage = sqlite.prepare(
    'update "chats" set "last_message" = ?, "last_message_id" = ?, "last_message_author_id" = ?, "last_modified" = ? where "id" = ?',
  );
  const updateRead = sqlite.prepare(
    'update "chat_members" set "read_message_id" = ? where "chat_id" = ? and "user_id" = ?',
  );
  const setUnread = sqlite.prepare(
    'update "chat_members" set "has_unread" = ? where "chat_id" = ? and "user_id" = ? and "has_unread" != ?',
  );
  const insertNotification = sqlite.prepare(
    'insert into "notifications" ("id", "campus_id", "to_user_id", "from_user_id", "type", "post_id", "chat_id", ' +
      '"message", "created_at") values (?, ?, ?, ?, ?, null, ?, ?, ?)',
  );
  return {
    appendUpdate(chatId, update, createdAt) {
      appendUpdate.run(chatId, update, createdAt);
    },
    updateLastMessage(chatId, last) {
      updateLastMessage.run(last.text, last.messageId, last.authorId, last.at, chatId);
    },
    updateReadPosition(chatId, userId, readMessageId) {
      updateRead.run(readMessageId, chatId, userId);
    },
    setUnread(chatId, userId, isUnread) {
      const flag = isUnread ? 1 : 0;
      return setUnread.run(flag, chatId, userId, flag).changes > 0;
    },
    insertNotification(row) {
      insertNotification.run(
        row.id,
        row.campusId,
        row.toUserId,
        row.fromUserId,
        row.type,
        row.chatId,
        row.message,
        row.createdAt,
      );
    },
  };
}

const BLOCKED_EITHER_WAY =
  'select 1 as "blocked" from "blocks" where ("blocker_id" = ? and "blocked_id" = ?) or ("blocker_id" = ? and "blocked_id" = ?) limit 1';

/** blocks.repository.ts's isBlockedEitherWay as a fixed text: the room's once-a-second re-check. */
export async function isEitherMemberBlocked(db: Kysely<Database>, userId: string, otherId: string): Promise<boolean> {
  const result = await db.executeQuery(CompiledQuery.raw(BLOCKED_EITHER_WAY, [userId, otherId, otherId, userId]));
  return result.rows.length > 0;
}
