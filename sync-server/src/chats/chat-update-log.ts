import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { ChatWriter } from './chat-writer.ts';

/**
 * A conversation's Y.Doc in SQLite (issue 6; Hocuspocus' "fetch, store"):
 * an append-only log of the updates the server accepted (a row per flush),
 * which compaction replaces with one snapshot row. The snapshot is the
 * merged doc's own state as an update, so the doc is only ever rebuilt from
 * Yjs data.
 */

/**
 * The updates a log row holds: the row itself, or `count` of them as lib0
 * varUint8Arrays one after another (packUpdates in chat-write-executor.ts).
 */
export function unpackLogRow(bytes: Uint8Array, count: number): Uint8Array[] {
  if (count === 1) return [bytes];
  const decoder = decoding.createDecoder(bytes);
  const updates: Uint8Array[] = [];
  for (let index = 0; index < count; index++) updates.push(decoding.readVarUint8Array(decoder));
  if (decoding.hasContent(decoder)) throw new Error('chat log row longer than its updates');
  return updates;
}

/**
 * Applies the whole log of `chatId` to `doc` (one merged update). Answers
 * how many updates it read: the room counts its log in updates.
 */
export async function loadChatLog(db: Db, chatId: string, doc: Y.Doc): Promise<{ updates: number }> {
  const rows = await db
    .selectFrom('chat_updates')
    .select(['update', 'update_count'])
    .where('chat_id', '=', chatId)
    .orderBy('seq')
    .execute();
  const updates = rows.flatMap((row) => unpackLogRow(new Uint8Array(row.update), row.update_count));
  if (updates.length > 0) {
    Y.applyUpdate(doc, updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates));
  }
  return { updates: updates.length };
}

/**
 * Replaces the log of `chatId` with one snapshot of `doc`, in one
 * transaction (a reader sees the rows or the snapshot, never neither). The
 * caller is the chat's only writer and asks once its earlier writes are
 * stored, so the doc holds everything the deleted rows held.
 */
/** Answers the snapshot row's seq. */
export async function compactChatLog(writer: ChatWriter, chatId: string, doc: Y.Doc): Promise<number> {
  return writer.write({ kind: 'compact', chatId, now: new Date().toISOString(), snapshot: Y.encodeStateAsUpdate(doc) });
}
