import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The statements every chat message runs, as fixed SQL texts with `?`
 * parameters (issue 6): building them with Kysely's query builder cost
 * ~140 µs a message. Each text is the same every time (a multi-row insert
 * has one text per row count, kept here), so database.ts's statement cache
 * prepares it once. Executed through Kysely, so they join its transaction.
 */

function placeholders(rows: number, columns: number, cache: string[]): string {
  let text = cache[rows];
  if (text === undefined) {
    const row = `(${Array.from({ length: columns }, () => '?').join(', ')})`;
    text = Array.from({ length: rows }, () => row).join(', ');
    cache[rows] = text;
  }
  return text;
}

function run(trx: Kysely<Database>, text: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
  return trx.executeQuery(CompiledQuery.raw(text, parameters as unknown[]));
}

const updateRowsText: string[] = [];

export function insertChatUpdates(
  trx: Kysely<Database>,
  rows: readonly { chatId: string; update: Buffer; createdAt: string }[],
): Promise<QueryResult<unknown>> {
  const parameters: unknown[] = [];
  for (const row of rows) parameters.push(row.chatId, row.update, row.createdAt);
  const text = `insert into "chat_updates" ("chat_id", "update", "created_at") values ${placeholders(rows.length, 3, updateRowsText)}`;
  return run(trx, text, parameters);
}

const UPDATE_LAST_MESSAGE =
  'update "chats" set "last_message" = ?, "last_message_id" = ?, "last_message_author_id" = ?, "last_modified" = ? where "id" = ?';

export function updateLastMessage(
  trx: Kysely<Database>,
  chatId: string,
  last: { text: string | null; messageId: string | null; authorId: string | null; at: string },
): Promise<QueryResult<unknown>> {
  return run(trx, UPDATE_LAST_MESSAGE, [last.text, last.messageId, last.authorId, last.at, chatId]);
}

const UPDATE_READ = 'update "chat_members" set "read_message_id" = ? where "chat_id" = ? and "user_id" = ?';

export function updateReadPosition(
  trx: Kysely<Database>,
  chatId: string,
  userId: string,
  readMessageId: string | null,
): Promise<QueryResult<unknown>> {
  return run(trx, UPDATE_READ, [readMessageId, chatId, userId]);
}

/**
 * Sets has_unread of each member in `flags` in one statement; a row that
 * already holds its flag is left alone. Answers how many rows changed.
 */
export async function updateUnreadFlags(
  trx: Kysely<Database>,
  chatId: string,
  flags: readonly (readonly [userId: string, isUnread: boolean])[],
): Promise<bigint> {
  const cases = flags.map(() => 'when ? then ?').join(' ');
  const ids = flags.map(() => '?').join(', ');
  const flag = `case "user_id" ${cases} end`;
  const text = `update "chat_members" set "has_unread" = ${flag} where "chat_id" = ? and "user_id" in (${ids}) and "has_unread" != ${flag}`;
  const caseParameters = flags.flatMap(([userId, isUnread]) => [userId, isUnread ? 1 : 0]);
  const parameters = [...caseParameters, chatId, ...flags.map(([userId]) => userId), ...caseParameters];
  const result = await run(trx, text, parameters);
  return result.numAffectedRows ?? 0n;
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

const notificationRowsText: string[] = [];

export function insertChatNotifications(
  trx: Kysely<Database>,
  rows: readonly NotificationInsert[],
): Promise<QueryResult<unknown>> {
  const parameters: unknown[] = [];
  for (const row of rows) {
    parameters.push(
      row.id,
      row.campusId,
      row.toUserId,
      row.fromUserId,
      row.type,
      null,
      row.chatId,
      row.message,
      row.createdAt,
    );
  }
  const text =
    'insert into "notifications" ("id", "campus_id", "to_user_id", "from_user_id", "type", "post_id", "chat_id", ' +
    `"message", "created_at") values ${placeholders(rows.length, 9, notificationRowsText)}`;
  return run(trx, text, parameters);
}

const BLOCKED_EITHER_WAY =
  'select 1 as "blocked" from "blocks" where ("blocker_id" = ? and "blocked_id" = ?) or ("blocker_id" = ? and "blocked_id" = ?) limit 1';

/** blocks.repository.ts's isBlockedEitherWay as a fixed text: the room's once-a-second re-check. */
export async function isEitherMemberBlocked(db: Kysely<Database>, userId: string, otherId: string): Promise<boolean> {
  const result = await run(db, BLOCKED_EITHER_WAY, [userId, otherId, otherId, userId]);
  return result.rows.length > 0;
}
