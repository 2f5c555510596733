import { stat, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { type Db, migrateToLatest, openDatabase, sqliteOf } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { createUser } from '../test/factories.ts';
import { createInboxQueue, type InboxEntry } from './chat-inbox-queue.ts';
import { unpackLogRow } from './chat-update-log.ts';
import type { ChatWritePart, InboxChatWrite, NotificationInsert } from './chat-write-parts.ts';
import { type ChatWriter, createChatWriter } from './chat-writer.ts';
import { findOrCreateChat } from './chats.repository.ts';

/** A migrated file database (WAL, as in production) with one chat. */
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

function messagesPart(chatId: string, update = new Uint8Array([1, 2, 3])): ChatWritePart {
  return { kind: 'messages', chatId, now: new Date().toISOString(), updates: [update], claims: [] };
}

function inboxChat(chatId: string, seq: number, text: string, authorId: string, unreadUserId: string): InboxChatWrite {
  return {
    chatId,
    seq,
    now: new Date().toISOString(),
    lastMessage: { text, messageId: uuidv7(), authorId },
    reads: [],
    unread: [[unreadUserId, true]],
  };
}

function notification(
  chatId: string,
  fromUserId: string,
  toUserId: string,
  message: string,
  type = 'message',
): NotificationInsert {
  const createdAt = new Date().toISOString();
  return { id: uuidv7(), campusId: 'ou', chatId, toUserId, fromUserId, type, message, createdAt };
}

async function notificationMessages(db: Db) {
  const rows = await db.selectFrom('notifications').select('message').execute();
  return rows.map((row) => row.message).sort();
}

async function logRows(db: Db, chatId: string) {
  return db.selectFrom('chat_updates').select(['update']).where('chat_id', '=', chatId).orderBy('seq').execute();
}

async function chatRow(db: Db, chatId: string) {
  return db
    .selectFrom('chats')
    .select(['last_message', 'inbox_seq'])
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
}

async function unreadOf(db: Db, chatId: string, userId: string) {
  const row = await db
    .selectFrom('chat_members')
    .select('has_unread')
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.has_unread;
}

describe('chat writer (file database)', () => {
  it('stores the parts handed in together, answers each log row its seq, and fails only the part that fails', async () => {
    const { db, writer, chatId } = await fileDatabaseWithChat();
    const [first, broken, second] = await Promise.allSettled([
      writer.write(messagesPart(chatId)),
      // No such chat: its log row breaks the foreign key, so this part is rolled back alone.
      writer.write(messagesPart(uuidv7())),
      writer.write(messagesPart(chatId, new Uint8Array([4]))),
    ]);
    expect(broken.status).toBe('rejected');
    const rows = await db.selectFrom('chat_updates').select(['seq', 'update']).where('chat_id', '=', chatId).execute();
    expect(rows.map((row) => [...new Uint8Array(row.update)])).toEqual([[1, 2, 3], [4]]);
    expect([first, second]).toEqual(rows.map((row) => ({ status: 'fulfilled', value: row.seq })));
  });

  it('replaces the log with one snapshot when asked after the rows it covers', async () => {
    const { db, writer, chatId } = await fileDatabaseWithChat();
    await writer.write(messagesPart(chatId));
    await writer.write(messagesPart(chatId));
    const snapshot = new Uint8Array([9, 9]);
    const [snapshotSeq] = await Promise.all([
      writer.write({ kind: 'compact', chatId, now: new Date().toISOString(), snapshot }),
      writer.write(messagesPart(chatId)),
    ]);
    const rows = await db.selectFrom('chat_updates').select(['seq', 'update']).where('chat_id', '=', chatId).execute();
    expect(rows.map((row) => [...new Uint8Array(row.update)])).toEqual([
      [9, 9],
      [1, 2, 3],
    ]);
    expect(rows[0]?.seq).toBe(snapshotSeq);
  });

  it("gives a snapshot a seq above the rows it replaces, even when they are the table's newest", async () => {
    const { db, writer, chatId } = await fileDatabaseWithChat();
    await writer.write(messagesPart(chatId));
    const newest = await writer.write(messagesPart(chatId));
    const snapshotSeq = await writer.write({
      kind: 'compact',
      chatId,
      now: new Date().toISOString(),
      snapshot: new Uint8Array([9]),
    });
    expect(snapshotSeq).toBeGreaterThan(newest);
    expect(await writer.write(messagesPart(chatId))).toBeGreaterThan(snapshotSeq);
    // seq is a plain rowid: a message's commit rewrites no sqlite_sequence row (migration 2026-11-22T1400).
    const counters = await sql<{ name: string }>`select name from sqlite_sequence`.execute(db);
    expect(counters.rows.map((row) => row.name)).not.toContain('chat_updates');
  });

  it('waits for an open Kysely transaction to end before it writes on the same connection', async () => {
    const { db, writer, chatId } = await fileDatabaseWithChat();
    const order: string[] = [];
    let written: Promise<number> | null = null;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirstOrThrow();
      written = writer.write(messagesPart(chatId)).then((seq) => {
        order.push('chat write');
        return seq;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await trx
        .updateTable('chats')
        .set({ last_modified: new Date().toISOString() })
        .where('id', '=', chatId)
        .execute();
      order.push('kysely transaction');
    });
    await written;
    expect(order).toEqual(['kysely transaction', 'chat write']);
    expect(await logRows(db, chatId)).toHaveLength(1);
  });

  it('keeps the WAL near its limit under writes that never pause (a PASSIVE checkpoint alone never lets it start over)', async () => {
    const MB = 1024 * 1024;
    const { db, file, writer, chatId } = await fileDatabaseWithChat({ walLimitBytes: MB });
    // The migrations' own frames (over 1 MB, and more with each new migration) are not what this measures.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    const walSize = () => statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    let largest = 0;
    let written = 0;
    // ~8 MB of WAL back to back, faster than the checkpointer's one-second tick.
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        Array.from({ length: 20 }, () => {
          written += 1;
          return writer.write(messagesPart(chatId, new Uint8Array(2048).fill(round)));
        }),
      );
      largest = Math.max(largest, walSize());
    }
    expect(written).toBe(2000);
    expect((await logRows(db, chatId)).length).toBe(2000);
    expect(largest).toBeLessThan(2 * MB);
  });

  it("stores a flush's updates as one log row that reads back as the same updates, in order", async () => {
    const { db, writer, chatId } = await fileDatabaseWithChat();
    // 200 bytes: a length that takes two varUint bytes.
    const updates = [new Uint8Array([1, 2, 3]), new Uint8Array(200).fill(7), new Uint8Array([4])];
    await writer.write({ ...messagesPart(chatId), updates } as ChatWritePart);
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

  it('writes an inbox part: last message, inbox_seq and unread flips (answered), and notifications, skipping what is gone', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const seq = await writer.write(messagesPart(chatId));
    const flips = await writer.write({
      kind: 'inbox',
      chats: [
        inboxChat(chatId, seq, 'hi', aliceId, bobId),
        // Deleted since its message was stored: it updates nothing.
        inboxChat(uuidv7(), seq, 'gone', aliceId, bobId),
      ],
      notifications: [
        notification(chatId, aliceId, bobId, 'hi'),
        // Its chat is gone: the foreign key refuses it, the others stay.
        notification(uuidv7(), aliceId, bobId, 'gone'),
        notification(chatId, bobId, aliceId, 'hello'),
      ],
    });
    expect(flips).toBe(1);
    expect(await chatRow(db, chatId)).toEqual({ last_message: 'hi', inbox_seq: seq });
    expect(await unreadOf(db, chatId, bobId)).toBe(1);
    expect(await notificationMessages(db)).toEqual(['hello', 'hi']);
    // Bob's flag is already set: nothing flips, and a chat with no new last message only moves inbox_seq,
    // which no inbox hears of (no `changes` row).
    const changesBefore = await db.selectFrom('changes').select('seq').execute();
    const again = await writer.write({
      kind: 'inbox',
      chats: [{ ...inboxChat(chatId, seq + 1, 'unused', aliceId, bobId), lastMessage: null }],
      notifications: [],
    });
    expect(again).toBe(0);
    expect(await chatRow(db, chatId)).toEqual({ last_message: 'hi', inbox_seq: seq + 1 });
    expect(await db.selectFrom('changes').select('seq').execute()).toEqual(changesBefore);
  });

  it("commits a room's flush without waiting for an inbox part handed in the same turn (its relay never waits for one)", async () => {
    const { db, file, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const inboxSeqNow = () =>
      (sqliteOf(db).prepare('select inbox_seq from chats where id = ?').get(chatId) as { inbox_seq: number }).inbox_seq;
    const seq = await writer.write(messagesPart(chatId));
    // In the poll phase, as a socket's message arrives; the inbox part is handed in first, in the same turn.
    await new Promise((resolve) => stat(file, resolve));
    const inboxWritten = writer.write({
      kind: 'inbox',
      chats: [inboxChat(chatId, seq, 'hi', aliceId, bobId)],
      notifications: [],
    });
    const flushSeq = await writer.write(messagesPart(chatId));
    expect(flushSeq).toBeGreaterThan(seq);
    // The flush is committed and answered (the room would relay now); the inbox part is not written yet.
    expect(inboxSeqNow()).toBe(0);
    await inboxWritten;
    expect(inboxSeqNow()).toBe(seq);
  });
});

function entry(chatId: string, seq: number, text: string | null, notifications: NotificationInsert[] = []): InboxEntry {
  return {
    chatId,
    seq,
    now: new Date().toISOString(),
    lastMessage: text === null ? null : { text, messageId: uuidv7(), authorId: null },
    reads: [],
    unread: [],
    notifications,
  };
}

/** `writer`, noting the size of each inbox part handed to it. */
function countingInboxParts(writer: ChatWriter) {
  const parts: string[] = [];
  const counting: ChatWriter = {
    ...writer,
    write(part) {
      if (part.kind === 'inbox') parts.push(`${part.chats.length} chats, ${part.notifications.length} notifications`);
      return writer.write(part);
    },
  };
  return { parts, counting };
}

describe('chat inbox queue', () => {
  it("writes nothing at once, then within its delay each chat's newest columns once, in parts of at most maxRows", async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const { parts, counting } = countingInboxParts(writer);
    let pokes = 0;
    const queue = createInboxQueue(counting, createLogger('silent'), {
      delayMs: 30,
      maxRows: 2,
      onInboxChanged: () => {
        pokes += 1;
      },
    });
    queue.add(entry(chatId, 1, 'one', [notification(chatId, aliceId, bobId, 'one', 'new chat')]));
    queue.add(
      entry(chatId, 2, 'two', [
        notification(chatId, bobId, aliceId, 'two'),
        notification(chatId, aliceId, bobId, 'three'),
      ]),
    );
    // A compaction's entry: no columns, only where the log now is.
    queue.add(entry(chatId, 3, null));
    expect(await notificationMessages(db)).toEqual([]);
    expect(await chatRow(db, chatId)).toEqual({ last_message: null, inbox_seq: 0 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await queue.flush();
    expect(parts).toEqual(['1 chats, 1 notifications', '0 chats, 2 notifications']);
    expect(await chatRow(db, chatId)).toEqual({ last_message: 'two', inbox_seq: 3 });
    expect(await notificationMessages(db)).toEqual(['one', 'three', 'two']);
    expect(pokes).toBe(1);
  });

  it('splits more chats than maxRows across parts, each chat and notification written once', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const others = [];
    for (let index = 0; index < 4; index++) {
      const alice = await createUser(db, { first_name: 'Alice' });
      const bob = await createUser(db, { first_name: 'Bob' });
      others.push((await findOrCreateChat(db, 'ou', alice.id, bob.id)).chatId);
    }
    const { parts, counting } = countingInboxParts(writer);
    const queue = createInboxQueue(counting, createLogger('silent'), { delayMs: 60_000, maxRows: 2 });
    for (const [index, id] of [chatId, ...others].entries()) queue.add(entry(id, index + 1, `to ${index}`));
    queue.add(
      entry(chatId, 6, 'last', [
        notification(chatId, aliceId, bobId, 'n1'),
        notification(chatId, bobId, aliceId, 'n2'),
      ]),
    );
    await queue.flush();
    expect(parts).toEqual([
      '2 chats, 0 notifications',
      '2 chats, 0 notifications',
      '1 chats, 1 notifications',
      '0 chats, 1 notifications',
    ]);
    expect(await chatRow(db, chatId)).toEqual({ last_message: 'last', inbox_seq: 6 });
    for (const [index, id] of others.entries()) {
      expect(await chatRow(db, id)).toEqual({ last_message: `to ${index + 1}`, inbox_seq: index + 2 });
    }
    expect(await notificationMessages(db)).toEqual(['n1', 'n2']);
  });

  it("keeps one 'message' notification per chat and member for a burst: the newest", async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const queue = createInboxQueue(writer, createLogger('silent'), { delayMs: 60_000 });
    queue.add(entry(chatId, 1, 'a', [notification(chatId, aliceId, bobId, 'first', 'new chat')]));
    for (const [index, text] of ['second', 'third', 'fourth'].entries()) {
      queue.add(entry(chatId, index + 2, text, [notification(chatId, aliceId, bobId, text)]));
    }
    queue.add(entry(chatId, 5, 'e', [notification(chatId, bobId, aliceId, 'reply')]));
    await queue.flush();
    const rows = await db.selectFrom('notifications').select(['type', 'message', 'to_user_id']).execute();
    expect(rows.sort((a, b) => String(a.message).localeCompare(String(b.message)))).toEqual([
      { type: 'new chat', message: 'first', to_user_id: bobId },
      { type: 'message', message: 'fourth', to_user_id: bobId },
      { type: 'message', message: 'reply', to_user_id: aliceId },
    ]);
  });

  it('flush writes what is queued without waiting for the delay', async () => {
    const { db, writer, chatId, aliceId, bobId } = await fileDatabaseWithChat();
    const queue = createInboxQueue(writer, createLogger('silent'), { delayMs: 60_000 });
    queue.add(entry(chatId, 1, 'now', [notification(chatId, aliceId, bobId, 'now')]));
    await queue.flush();
    expect(await notificationMessages(db)).toEqual(['now']);
    expect(await chatRow(db, chatId)).toEqual({ last_message: 'now', inbox_seq: 1 });
  });
});
