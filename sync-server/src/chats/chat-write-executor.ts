import { statSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import * as encoding from 'lib0/encoding';
import { CHAT_NOTIFICATION_UPSERT } from '../notifications/chat-notification-sql.ts';
import type { ChatWritePart, NotificationInsert } from './chat-write-parts.ts';

/**
 * The SQL a chat write runs (issue 6, decision 016), for chat-writer.ts.
 *
 * `run(parts)` writes every part in one transaction, each part in its own
 * savepoint (a batch of one part needs none): a part that throws rolls back
 * alone and is answered as failed. A part is one room's flush (one log row,
 * and the uploads its messages claim), one room's compaction (its log
 * replaced by one snapshot) or the inbox columns and notifications of many
 * rooms, a moment later (chat-inbox-queue.ts). Answers, per part,
 * { ok, value } or { ok: false, error }: the log row's seq for a flush or a
 * compaction, the unread flags that flipped for an inbox part.
 */

export type PartResult = { ok: true; value: number } | { ok: false; error: string };

export interface ChatWriteExecutor {
  /** Throws only if the transaction itself could not begin or commit. */
  run(parts: ChatWritePart[]): PartResult[];
}

type Part<K extends ChatWritePart['kind']> = Extract<ChatWritePart, { kind: K }>;

/** A blob arrives as a Uint8Array (a view of a socket frame); better-sqlite3 binds Buffers. */
function asBlob(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A flush's updates as one log row (decision 016): one update is
 * stored as it is; several as lib0's writeVarUint8Array of each, one after
 * another, and the row's update_count says how many (unpackLogRow in
 * chat-update-log.ts reads them back with lib0's readVarUint8Array).
 */
function packUpdates(updates: Uint8Array[]): Buffer {
  if (updates.length === 1) return asBlob(updates[0] as Uint8Array);
  const encoder = encoding.createEncoder();
  for (const update of updates) encoding.writeVarUint8Array(encoder, update);
  return asBlob(encoding.toUint8Array(encoder));
}

/** How often the WAL's size is looked at, and how long to leave it after a checkpoint a reader held back. */
const COMMITS_PER_WAL_CHECK = 8;
const RETRY_AFTER_PINNED_MS = 1000;

/**
 * The backstop for a WAL the checkpointer (wal-checkpointer.ts, another
 * connection) cannot bring to a start-over, as while a long read holds old
 * frames. Under the chat bench's load it no longer comes into play: the
 * worker's passes catch up every tick (decision 016); with one
 * pass a tick they never did, and the WAL grew to 1 GB in 20 s.
 * Past `walLimitBytes` the writer runs a PASSIVE checkpoint itself, right
 * after its commit: no commit can land meanwhile, so it copies every frame
 * the checkpointer has not, the next commit writes from the WAL's start, and
 * `journal_size_limit` cuts the file back to the limit. It never waits: if
 * the checkpointer is busy, it answers at once and a later commit tries
 * again. It holds the event loop while it copies and syncs (15–43 ms seen).
 * Answers a check to run after each commit.
 */
function walLimiter(sqlite: SQLite.Database, walLimitBytes: number): () => void {
  if (sqlite.memory || !Number.isFinite(walLimitBytes)) return () => undefined;
  sqlite.pragma(`journal_size_limit = ${Math.floor(walLimitBytes)}`);
  const walFile = `${sqlite.name}-wal`;
  let retryAt = 0;
  let commits = 0;
  return () => {
    // A stat every few commits: a message's commit adds ~10–15 KB of WAL, the limit is hundreds of MB.
    commits += 1;
    if (commits % COMMITS_PER_WAL_CHECK !== 0 || Date.now() < retryAt) return;
    const size = statSync(walFile, { throwIfNoEntry: false })?.size ?? 0;
    if (size <= walLimitBytes) return;
    let outcome: { busy: number; log: number; checkpointed: number } | undefined;
    try {
      outcome = (sqlite.pragma('wal_checkpoint(PASSIVE)') as (typeof outcome)[])[0];
    } catch {
      // Locked: as busy.
    }
    // Busy (the checkpointer is at it): the next check tries again. Frames left behind mean a reader
    // still needs them: give it a while.
    if (outcome && outcome.busy === 0 && outcome.checkpointed < outcome.log)
      retryAt = Date.now() + RETRY_AFTER_PINNED_MS;
  };
}

export function createChatWriteExecutor(
  sqlite: SQLite.Database,
  { walLimitBytes = Number.POSITIVE_INFINITY }: { walLimitBytes?: number } = {},
): ChatWriteExecutor {
  const limitWal = walLimiter(sqlite, walLimitBytes);
  const statements = {
    appendUpdate: sqlite.prepare(
      'insert into "chat_updates" ("chat_id", "update", "update_count", "created_at") values (?, ?, ?, ?)',
    ),
    updateLastMessage: sqlite.prepare(
      'update "chats" set "last_message" = ?, "last_message_id" = ?, "last_message_author_id" = ?, "last_modified" = ?, ' +
        '"inbox_seq" = ? where "id" = ?',
    ),
    // No trigger watches inbox_seq alone (migration 2026-11-22T1300-chat-inbox-seq).
    updateInboxSeq: sqlite.prepare('update "chats" set "inbox_seq" = ? where "id" = ?'),
    updateRead: sqlite.prepare('update "chat_members" set "read_message_id" = ? where "chat_id" = ? and "user_id" = ?'),
    // A row that already holds the flag is left alone (and counts no flip).
    setUnread: sqlite.prepare(
      'update "chat_members" set "has_unread" = ? where "chat_id" = ? and "user_id" = ? and "has_unread" != ?',
    ),
    insertNotification: sqlite.prepare(CHAT_NOTIFICATION_UPSERT),
    clearLogBefore: sqlite.prepare('delete from "chat_updates" where "chat_id" = ? and "seq" < ?'),
    claimUpload: sqlite.prepare(
      'update "uploads" set "chat_id" = ? where "id" = ? and "post_id" is null and ("chat_id" is null or "chat_id" = ?)',
    ),
  };

  function writeMessages(part: Part<'messages'>): number {
    const { chatId } = part;
    for (const uploadId of part.claims) {
      // Checked before the update was applied (chat-references.ts); gone or taken since, nothing is stored.
      if (statements.claimUpload.run(chatId, uploadId, chatId).changes === 0) {
        throw new Error(`upload ${uploadId} could not be claimed`);
      }
    }
    const row = statements.appendUpdate.run(chatId, packUpdates(part.updates), part.updates.length, part.now);
    return Number(row.lastInsertRowid);
  }

  /** Many chats' inbox columns, then notifications; a chat deleted meanwhile updates nothing. */
  function writeInbox(part: Part<'inbox'>): number {
    let flips = 0;
    for (const chat of part.chats) {
      const { chatId, lastMessage: last } = chat;
      if (last) statements.updateLastMessage.run(last.text, last.messageId, last.authorId, chat.now, chat.seq, chatId);
      else statements.updateInboxSeq.run(chat.seq, chatId);
      for (const [userId, readMessageId] of chat.reads) statements.updateRead.run(readMessageId, chatId, userId);
      for (const [userId, isUnread] of chat.unread) {
        const flag = isUnread ? 1 : 0;
        flips += statements.setUnread.run(flag, chatId, userId, flag).changes;
      }
    }
    writeNotifications(part.notifications);
    return flips;
  }

  /** A chat deleted (or a user gone) since its message was stored: its notification goes with it. */
  function writeNotifications(notifications: NotificationInsert[]): void {
    for (const n of notifications) {
      try {
        statements.insertNotification.run(n);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_FOREIGNKEY') throw error;
      }
    }
  }

  /**
   * The room is its chat's only writer and asked after its earlier writes: every row is in the
   * snapshot. The snapshot goes in first, so it takes a seq above the rows it replaces: seq is a
   * plain rowid (migration 2026-11-22T1400), and deleting the table's newest row first would
   * hand its seq out again.
   */
  function compact(part: Part<'compact'>): number {
    const seq = Number(statements.appendUpdate.run(part.chatId, asBlob(part.snapshot), 1, part.now).lastInsertRowid);
    statements.clearLogBefore.run(part.chatId, seq);
    return seq;
  }

  // Called inside runAll's transaction, better-sqlite3 makes this a savepoint.
  function writePart(part: ChatWritePart): number {
    if (part.kind === 'messages') return writeMessages(part);
    if (part.kind === 'inbox') return writeInbox(part);
    return compact(part);
  }
  const runPart = sqlite.transaction(writePart);
  const runAll = sqlite.transaction((parts: ChatWritePart[]): PartResult[] =>
    parts.map((part) => {
      try {
        return { ok: true, value: runPart(part) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  // A batch of one part needs no savepoint: the transaction is the part's.
  const runOne = sqlite.transaction(writePart);
  function runSingle(part: ChatWritePart): PartResult[] {
    try {
      return [{ ok: true, value: runOne.immediate(part) }];
    } catch (error) {
      return [{ ok: false, error: error instanceof Error ? error.message : String(error) }];
    }
  }
  // BEGIN IMMEDIATE: the write lock is taken (waiting through busy_timeout) before anything is read.
  return {
    run(parts) {
      const results = parts.length === 1 ? runSingle(parts[0] as ChatWritePart) : runAll.immediate(parts);
      limitWal();
      return results;
    },
  };
}
