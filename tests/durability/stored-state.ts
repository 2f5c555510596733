/**
 * What the data directory holds, read through a read-only connection of the
 * test's own beside the running server (WAL lets a reader in while the
 * server writes): SQLite's own integrity checks, the rows of the students'
 * writes and the counters they move, and each chat's update log decoded
 * struct by struct, so a message stored twice would show even though the
 * rebuilt Y.Doc would hide it.
 */
import { messagesOf } from '@campus/shared/chat-doc';
import { unpackLogRow } from '@campus/sync-server/chats/chat-update-log';
import SQLite from 'better-sqlite3';
import * as Y from 'yjs';

interface StoredPost {
  id: string;
  userId: string;
  parentId: string | null;
  text: string;
}

export interface StoredState {
  /** `PRAGMA integrity_check`'s rows: ['ok'] when the file is sound. */
  integrity: string[];
  /** Rows `PRAGMA foreign_key_check` finds (a row pointing at nothing). */
  foreignKeyProblems: number;
  /** Posts and comments by the given authors, by id. */
  posts: Map<string, StoredPost>;
  /** `posts` rows by those authors: more than posts.size would mean a repeated id. */
  postRows: number;
  /** Top-level posts whose comment_count differs from the comments under them. */
  commentCountsOff: string[];
  /** Authors whose users.total_posts differs from their top-level posts. */
  totalPostsOff: string[];
  /** Idempotency receipts of those authors by state. */
  receipts: Record<string, number>;
  /** Per chat: message id → text in the doc rebuilt from the log, and how many log structs wrote each key. */
  chats: Map<string, { messages: Map<string, string>; writesPerKey: Map<string, number> }>;
}

function readChat(sqlite: SQLite.Database, chatId: string) {
  const rows = sqlite
    .prepare('select "update", update_count from chat_updates where chat_id = ? order by seq')
    .all(chatId) as { update: Buffer; update_count: number }[];
  const updates = rows.flatMap((row) => unpackLogRow(new Uint8Array(row.update), row.update_count));
  const writesPerKey = new Map<string, number>();
  for (const update of updates) {
    for (const struct of Y.decodeUpdate(update).structs) {
      // A decoded item of a root map names its root by a string (Yjs' types say ID or type).
      const root: unknown = struct instanceof Y.Item ? struct.parent : null;
      if (!(struct instanceof Y.Item) || root !== 'messages' || struct.parentSub === null) continue;
      writesPerKey.set(struct.parentSub, (writesPerKey.get(struct.parentSub) ?? 0) + 1);
    }
  }
  const doc = new Y.Doc();
  if (updates.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(updates));
  const messages = new Map([...messagesOf(doc).values()].map((message) => [message.id, message.text]));
  doc.destroy();
  return { messages, writesPerKey };
}

export function readStoredState(databaseFile: string, authorIds: string[], chatIds: string[]): StoredState {
  const sqlite = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map(
      (row) => row.integrity_check,
    );
    const foreignKeyProblems = (sqlite.pragma('foreign_key_check') as unknown[]).length;
    const authors = JSON.stringify(authorIds);
    const rows = sqlite
      .prepare(
        'select id, user_id as userId, parent_id as parentId, text_plain as text from posts where user_id in (select value from json_each(?))',
      )
      .all(authors) as StoredPost[];
    const commentCountsOff = (
      sqlite
        .prepare(
          `select p.id, p.comment_count as counted, (select count(*) from posts c where c.parent_id = p.id) as actual
           from posts p where p.parent_id is null and p.comment_count != actual`,
        )
        .all() as { id: string; counted: number; actual: number }[]
    ).map((row) => `${row.id}: comment_count ${row.counted}, comments ${row.actual}`);
    const totalPostsOff = (
      sqlite
        .prepare(
          `select u.id, u.total_posts as counted,
             (select count(*) from posts p where p.user_id = u.id and p.parent_id is null) as actual
           from users u where u.id in (select value from json_each(?)) and u.total_posts != actual`,
        )
        .all(authors) as { id: string; counted: number; actual: number }[]
    ).map((row) => `${row.id}: total_posts ${row.counted}, posts ${row.actual}`);
    const receipts = Object.fromEntries(
      (
        sqlite
          .prepare(
            'select state, count(*) as count from mutation_receipts where user_id in (select value from json_each(?)) group by state',
          )
          .all(authors) as { state: string; count: number }[]
      ).map((row) => [row.state, row.count]),
    );
    return {
      integrity,
      foreignKeyProblems,
      posts: new Map(rows.map((row) => [row.id, row])),
      postRows: rows.length,
      commentCountsOff,
      totalPostsOff,
      receipts,
      chats: new Map(chatIds.map((chatId) => [chatId, readChat(sqlite, chatId)])),
    };
  } finally {
    sqlite.close();
  }
}
