import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import type { Db } from './database.ts';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-11-22T1300-chat-inbox-seq';
const REBUILD = '2026-11-22T1400-chat-updates-rowid-seq';

async function tableSql(db: Db): Promise<string> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'chat_updates'`.execute(db);
  return rows[0]?.sql ?? '';
}

async function logOf(db: Db) {
  return db.selectFrom('chat_updates').select(['seq', 'chat_id', 'update', 'update_count']).orderBy('seq').execute();
}

describe('migration 2026-11-22T1400: chat_updates.seq without AUTOINCREMENT', () => {
  it('keeps every log row with its seq, its index and its cascade, and goes back down', async () => {
    const { db, migrator, alice, bob } = await databaseAt(BEFORE);
    const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
    const now = new Date().toISOString();
    for (const [update, count] of [
      [new Uint8Array([1]), 1],
      [new Uint8Array([2, 3]), 2],
    ] as const) {
      await db
        .insertInto('chat_updates')
        .values({ chat_id: chatId, update: Buffer.from(update), update_count: count, created_at: now })
        .execute();
    }
    const before = await logOf(db);
    expect(await tableSql(db)).toMatch(/autoincrement/i);

    expect((await migrator.migrateTo(REBUILD)).error).toBeUndefined();
    expect(await tableSql(db)).not.toMatch(/autoincrement/i);
    expect(await logOf(db)).toEqual(before);
    const plan = await sql<{ detail: string }>`
      explain query plan select seq from chat_updates where chat_id = ${chatId} order by seq`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('chat_updates_chat');
    await db.deleteFrom('chats').where('id', '=', chatId).execute();
    expect(await logOf(db)).toEqual([]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await tableSql(db)).toMatch(/autoincrement/i);
  });
});
