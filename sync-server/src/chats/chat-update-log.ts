import type { Kysely } from 'kysely';
import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * A conversation's Y.Doc in SQLite (issue 6; Hocuspocus' "fetch, store"):
 * an append-only log of the updates the server accepted, which compaction
 * replaces with one snapshot row. The snapshot is the merged doc's own
 * state as an update, so the doc is only ever rebuilt from Yjs data.
 */

export function asBlob(update: Uint8Array): Buffer {
  return Buffer.from(update.buffer, update.byteOffset, update.byteLength);
}

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

/** Appends one update in `trx` (compaction's snapshot; messages go through chat-writer.ts). */
async function appendChatUpdate(trx: Kysely<Database>, chatId: string, update: Uint8Array, now: string) {
  await trx
    .insertInto('chat_updates')
    .values({ chat_id: chatId, update: asBlob(update), created_at: now })
    .execute();
}

/**
 * Replaces the log of `chatId` with one snapshot of `doc`, in one
 * transaction (a reader sees the rows or the snapshot, never neither). The
 * caller is the chat's only writer while this runs (chat-rooms.ts), so the
 * doc holds everything the deleted rows held.
 */
export async function compactChatLog(db: Db, chatId: string, doc: Y.Doc): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const newest = await trx
      .selectFrom('chat_updates')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    const upToSeq = Number(newest?.seq ?? 0);
    if (upToSeq === 0) return;
    const snapshot = Y.encodeStateAsUpdate(doc);
    await trx.deleteFrom('chat_updates').where('chat_id', '=', chatId).where('seq', '<=', upToSeq).execute();
    await appendChatUpdate(trx, chatId, snapshot, new Date().toISOString());
  });
}
