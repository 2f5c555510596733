import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { createUser } from '../test/factories.ts';
import { type ChatWritePart, createChatWriter } from './chat-writer.ts';
import { findOrCreateChat } from './chats.repository.ts';

/** A migrated file database (so the writer runs in its worker thread) with one chat. */
async function fileDatabaseWithChat() {
  const dir = await mkdtemp(path.join(tmpdir(), 'chat-writer-'));
  const { db, walCheckpointer } = openDatabase(path.join(dir, 'campus.db'));
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const alice = await createUser(db, { first_name: 'Alice' });
  const bob = await createUser(db, { first_name: 'Bob' });
  const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
  const writer = createChatWriter(db, createLogger('silent'));
  onTestFinished(async () => {
    await writer.close();
    await walCheckpointer.stop();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  return { db, writer, chatId, aliceId: alice.id, bobId: bob.id };
}

function messagesPart(chatId: string, authorId: string, toUserId: string, text: string): ChatWritePart {
  return {
    kind: 'messages',
    chatId,
    now: new Date().toISOString(),
    updates: [new Uint8Array([1, 2, 3])],
    lastMessage: { text, messageId: uuidv7(), authorId },
    reads: [],
    unread: [[toUserId, true]],
    notifications: [{ id: uuidv7(), campusId: 'ou', toUserId, fromUserId: authorId, type: 'message', message: text }],
    claims: [],
  };
}

async function logRows(db: Db, chatId: string) {
  return db.selectFrom('chat_updates').select(['update']).where('chat_id', '=', chatId).orderBy('seq').execute();
}

describe('chat writer (file database: worker thread)', () => {
  it('stores the parts handed in together, answers the unread flips, and fails only the part that fails', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const [first, broken, second] = await Promise.allSettled([
      writer.write(messagesPart(chatId, aliceId, bobId, 'hi')),
      // No such chat: its log row breaks the foreign key, so this part is rolled back alone.
      writer.write(messagesPart(uuidv7(), aliceId, bobId, 'lost')),
      writer.write(messagesPart(chatId, aliceId, bobId, 'again')),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: 1 });
    expect(broken.status).toBe('rejected');
    // Bob's flag was already set by the first part: nothing flips.
    expect(second).toEqual({ status: 'fulfilled', value: 0 });

    expect(await logRows(db, chatId)).toHaveLength(2);
    const chat = await db.selectFrom('chats').select('last_message').where('id', '=', chatId).executeTakeFirstOrThrow();
    expect(chat.last_message).toBe('again');
    const notes = await db.selectFrom('notifications').select('message').execute();
    expect(notes.map((note) => note.message).sort()).toEqual(['again', 'hi']);
    const bob = await db
      .selectFrom('chat_members')
      .select('has_unread')
      .where('chat_id', '=', chatId)
      .where('user_id', '=', bobId)
      .executeTakeFirstOrThrow();
    expect(bob.has_unread).toBe(1);
  });

  it('replaces the log with one snapshot when asked after the rows it covers', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    await writer.write(messagesPart(chatId, aliceId, bobId, 'one'));
    await writer.write(messagesPart(chatId, aliceId, bobId, 'two'));
    const snapshot = new Uint8Array([9, 9]);
    await Promise.all([
      writer.write({ kind: 'compact', chatId, now: new Date().toISOString(), snapshot }),
      writer.write(messagesPart(chatId, aliceId, bobId, 'three')),
    ]);
    const rows = await logRows(db, chatId);
    expect(rows.map((row) => [...new Uint8Array(row.update)])).toEqual([
      [9, 9],
      [1, 2, 3],
    ]);
  });

  it('lets a Kysely transaction that read first still write while the worker commits beside it', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    let written: Promise<number> | null = null;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirstOrThrow();
      written = writer.write(messagesPart(chatId, aliceId, bobId, 'beside'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      // A deferred transaction would fail here (SQLITE_BUSY_SNAPSHOT) had the worker committed meanwhile.
      await trx
        .updateTable('chats')
        .set({ last_modified: new Date().toISOString() })
        .where('id', '=', chatId)
        .execute();
    });
    expect(await (written as unknown as Promise<number>)).toBe(1);
    expect(await logRows(db, chatId)).toHaveLength(1);
  });
});
