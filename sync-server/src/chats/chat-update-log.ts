import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { ChatWriter } from './chat-writer.ts';

/**
 * A conversation's Y.Doc in SQLite (issue 6; Hocuspocus' "fetch, store"):
 * an append-only log of the updates the server accepted, which compaction
 * replaces with one snapshot row. The snapshot is the merged doc's own
 * state as an update, so the doc is only ever rebuilt from Yjs data.
 */

/** Applies the whole log of `chatId` to `doc` (one merged update). Answers how many rows it read. */
export async function loadChatLog(db: Db, chatId: string, doc: Y.Doc): Promise<{ rows: number }> {
  const rows = await db
    .selectFrom('chat_updates')
    .select('update')
    .where('chat_id', '=', chatId)
    .orderBy('seq')
    .execute();
  if (rows.length > 0) {
    const updates = rows.map((row) => new Uint8Array(row.update));
    Y.applyUpdate(doc, updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates));
  }
  return { rows: rows.length };
}

/**
 * Replaces the log of `chatId` with one snapshot of `doc`, in one
 * transaction (a reader sees the rows or the snapshot, never neither). The
 * caller is the chat's only writer and asks once its earlier writes are
 * stored, so the doc holds everything the deleted rows held.
 */
export async function compactChatLog(writer: ChatWriter, chatId: string, doc: Y.Doc): Promise<void> {
  await writer.write({ kind: 'compact', chatId, now: new Date().toISOString(), snapshot: Y.encodeStateAsUpdate(doc) });
}
