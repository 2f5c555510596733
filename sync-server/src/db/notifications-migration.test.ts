import { NOTIFICATION_TYPES } from '@campus/shared/notifications-api';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-11-22T1400-chat-updates-rowid-seq';
const MERGED = '2026-11-25T1000-notifications';

describe('migration 2026-11-25T1000: merged notifications and the unread log', () => {
  it('keeps the chats’ rows, one per recipient and merge key (the newest), and goes back down', async () => {
    const { db, migrator, alice, bob } = await databaseAt(BEFORE);
    const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
    for (const [id, type, message, at] of [
      ['n1', 'new chat', 'Hi', '2026-11-20T10:00:00.000Z'],
      ['n2', 'message', 'Still there?', '2026-11-20T10:01:00.000Z'],
      ['n3', 'message', 'Friday?', '2026-11-20T10:02:00.000Z'],
    ]) {
      await sql`insert into notifications (id, campus_id, to_user_id, from_user_id, type, chat_id, message, created_at)
        values (${id}, 'ou', ${bob.id}, ${alice.id}, ${type}, ${chatId}, ${message}, ${at})`.execute(db);
    }

    expect((await migrator.migrateTo(MERGED)).error).toBeUndefined();
    const rows = await sql<{ id: string; type: string; merge_key: string; message: string }>`
      select id, type, merge_key, message from notifications order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'n1', type: 'new chat', merge_key: `new chat:${chatId}`, message: 'Hi' },
      { id: 'n3', type: 'message', merge_key: `message:${chatId}`, message: 'Friday?' },
    ]);
    await sql`update notifications set is_read = 1 where id = 'n3'`.execute(db);
    const log = await sql<{ user_id: string }>`select user_id from unread_changes`.execute(db);
    expect(log.rows).toEqual([{ user_id: bob.id }]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await migrator.migrateTo(MERGED)).error).toBeUndefined();
    // The frozen migration's CHECK takes exactly the shared types.
    const schema = await sql<{ sql: string }>`select sql from sqlite_master where name = 'notifications'`.execute(db);
    expect(schema.rows[0]?.sql).toContain(`type in (${NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')})`);
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const down = await sql<{ id: string }>`select id from notifications order by id`.execute(db);
    expect(down.rows).toEqual([{ id: 'n1' }, { id: 'n3' }]);
  });
});
