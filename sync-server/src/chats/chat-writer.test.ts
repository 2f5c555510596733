import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { createUser } from '../test/factories.ts';
import { createNotificationQueue } from './chat-notification-queue.ts';
import { unpackLogRow } from './chat-update-log.ts';
import { type ChatWritePart, createChatWriter, type NotificationInsert } from './chat-writer.ts';
import { findOrCreateChat } from './chats.repository.ts';

/** A migrated file database (so the writer runs in its worker thread) with one chat. */
async function fileDatabaseWithChat(options: { walLimitBytes?: number } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'chat-writer-'));
  const file = path.join(dir, 'campus.db');
  const { db, walCheckpointer } = openDatabase(file);
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const alice = await createUser(db, { first_name: 'Alice' });
  const bob = await createUser(db, { first_name: 'Bob' });
  const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
  const writer = createChatWriter(db, createLogger('silent'), options);
  onTestFinished(async () => {
    await writer.close();
    await walCheckpointer.stop();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  return { db, file, writer, chatId, aliceId: alice.id, bobId: bob.id };
}

function messagesPart(
  chatId: string,
  authorId: string,
  toUserId: string,
  text: string,
  update = new Uint8Array([1, 2, 3]),
): ChatWritePart {
  return {
    kind: 'messages',
    chatId,
    now: new Date().toISOString(),
    updates: [update],
    lastMessage: { text, messageId: uuidv7(), authorId },
    reads: [],
    unread: [[toUserId, true]],
    claims: [],
  };
}

function notification(chatId: string, fromUserId: string, toUserId: string, message: string): NotificationInsert {
  const createdAt = new Date().toISOString();
  return { id: uuidv7(), campusId: 'ou', chatId, toUserId, fromUserId, type: 'message', message, createdAt };
}

async function notificationMessages(db: Db) {
  const rows = await db.selectFrom('notifications').select('message').execute();
  return rows.map((row) => row.message).sort();
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

  it('keeps the WAL near its limit under writes that never pause (a PASSIVE checkpoint alone never lets it start over)', async () => {
    const MB = 1024 * 1024;
    const { db, file, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat({ walLimitBytes: MB });
    const walSize = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    let largest = 0;
    let written = 0;
    // ~8 MB of WAL back to back, faster than the checkpointer's one-second tick.
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          writer.write(messagesPart(chatId, aliceId, bobId, `message ${written++}`, new Uint8Array(2048).fill(round))),
        ),
      );
      largest = Math.max(largest, walSize());
    }
    expect(written).toBe(2000);
    expect((await logRows(db, chatId)).length).toBe(2000);
    expect(largest).toBeLessThan(2 * MB);
  });

  it("stores a flush's updates as one log row that reads back as the same updates, in order", async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    // 200 bytes: a length that takes two varUint bytes.
    const updates = [new Uint8Array([1, 2, 3]), new Uint8Array(200).fill(7), new Uint8Array([4])];
    await writer.write({ ...messagesPart(chatId, aliceId, bobId, 'three at once'), updates } as ChatWritePart);
    const rows = await db
      .selectFrom('chat_updates')
      .select(['update', 'update_count'])
      .where('chat_id', '=', chatId)
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.update_count).toBe(3);
    expect(unpackLogRow(new Uint8Array(row?.update ?? []), row?.update_count ?? 0)).toEqual(updates);
  });

  it('writes notification rows of any chats as one part, skipping one whose chat is gone', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    await writer.write({
      kind: 'notifications',
      notifications: [
        notification(chatId, aliceId, bobId, 'hi'),
        // Deleted since its message was stored: the foreign key refuses it, the others stay.
        notification(uuidv7(), aliceId, bobId, 'gone'),
        notification(chatId, bobId, aliceId, 'hello'),
      ],
    });
    expect(await notificationMessages(db)).toEqual(['hello', 'hi']);
  });
});

describe('chat notification queue', () => {
  it('writes nothing at once, then everything added within its delay, in parts of at most maxRows', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const parts: number[] = [];
    const counting = {
      ...writer,
      write(part: ChatWritePart) {
        if (part.kind === 'notifications') parts.push(part.notifications.length);
        return writer.write(part);
      },
    };
    const queue = createNotificationQueue(counting, createLogger('silent'), { delayMs: 30, maxRows: 2 });
    queue.add([notification(chatId, aliceId, bobId, 'one'), notification(chatId, aliceId, bobId, 'two')]);
    queue.add([notification(chatId, bobId, aliceId, 'three')]);
    expect(await notificationMessages(db)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await queue.flush();
    expect(parts).toEqual([2, 1]);
    expect(await notificationMessages(db)).toEqual(['one', 'three', 'two']);
  });

  it('flush writes what is queued without waiting for the delay', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const queue = createNotificationQueue(writer, createLogger('silent'), { delayMs: 60_000 });
    queue.add([notification(chatId, aliceId, bobId, 'now')]);
    await queue.flush();
    expect(await notificationMessages(db)).toEqual(['now']);
  });
});
