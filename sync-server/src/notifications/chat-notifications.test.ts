import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { createChatWriteExecutor } from '../chats/chat-write-executor.ts';
import type { NotificationInsert } from '../chats/chat-write-parts.ts';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import { migrateToLatest, openDatabase, sqliteOf } from '../db/database.ts';
import { createBlock, createUser } from '../test/factories.ts';

async function setUp() {
  const { db } = openDatabase(':memory:');
  onTestFinished(() => db.destroy());
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const alice = await createUser(db);
  const bob = await createUser(db);
  const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
  const executor = createChatWriteExecutor(sqliteOf(db));
  function notification(overrides: Partial<NotificationInsert>): NotificationInsert {
    return {
      id: uuidv7(),
      campusId: 'ou',
      chatId,
      toUserId: bob.id,
      fromUserId: alice.id,
      type: 'message',
      message: 'Hi',
      createdAt: new Date().toISOString(),
      ...overrides,
    };
  }
  function write(notifications: NotificationInsert[]) {
    expect(executor.run([{ kind: 'inbox', chats: [], notifications }])).toEqual([{ ok: true, value: 0 }]);
  }
  const rows = () =>
    db
      .selectFrom('notifications')
      .select(['to_user_id', 'from_user_id', 'type', 'merge_key', 'actor_count', 'message', 'is_read'])
      .orderBy('type')
      .execute();
  return { db, alice, bob, chatId, notification, write, rows };
}

describe('the chat writer’s notifications (decision 032)', () => {
  it('merges a chat’s messages into one row per recipient: the latest text, how many since read', async () => {
    const { db, alice, bob, chatId, notification, write, rows } = await setUp();
    write([notification({ type: 'new chat', message: 'Hi' })]);
    write([notification({ message: 'Still there?' }), notification({ message: 'Friday?' })]);
    const merged = { to_user_id: bob.id, from_user_id: alice.id, type: 'message', merge_key: `message:${chatId}` };
    expect(await rows()).toEqual([
      { ...merged, actor_count: 2, message: 'Friday?', is_read: 0 },
      { ...merged, type: 'new chat', merge_key: `new chat:${chatId}`, actor_count: 1, message: 'Hi', is_read: 0 },
    ]);
    await db.updateTable('notifications').set({ is_read: 1 }).execute();
    write([notification({ message: 'Hello again' })]);
    expect((await rows())[0]).toEqual({ ...merged, actor_count: 1, message: 'Hello again', is_read: 0 });
  });

  it('writes nothing to oneself, across a block, or to a user of another campus', async () => {
    const { db, alice, bob, notification, write, rows } = await setUp();
    const texan = await createUser(db, { campus_id: 'ut' });
    write([
      notification({ toUserId: alice.id }),
      notification({ toUserId: texan.id }),
      notification({ campusId: 'ut' }),
    ]);
    await createBlock(db, bob.id, alice.id);
    write([notification({ type: 'message like' })]);
    expect(await rows()).toEqual([]);
  });
});
