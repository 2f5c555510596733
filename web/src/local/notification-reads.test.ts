import type { NotificationDto } from '@campus/shared/notifications-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type LocalDb, openLocalDb } from './local-db.ts';
import { applyNotificationsRead, markNotificationsRead } from './notification-reads.ts';
import { createOutbox, type OutboxTransport } from './outbox.ts';
import { readUnreadCounts, saveUnreadCounts } from './unread-counts.ts';

let dbCount = 0;
function freshDb(): LocalDb {
  dbCount += 1;
  return openLocalDb(`notification-reads-test-${dbCount}`, { indexedDB, IDBKeyRange });
}

function row(id: string, isRead = false): NotificationDto {
  return {
    id,
    type: 'comment interaction',
    fromUser: {
      id: 'u2',
      firstName: 'Diego',
      lastName: 'R.',
      username: 'diego',
      img: null,
      isVerified: true,
      isSchoolVerified: true,
    },
    actorCount: 1,
    postId: 'p1',
    commentId: null,
    chatId: null,
    message: null,
    isRead,
    createdAt: `2026-11-25T10:00:0${id.length}Z`,
    updatedAt: `2026-11-25T10:00:0${id.length}Z`,
  };
}

async function storeRows(db: LocalDb, rows: NotificationDto[]) {
  await db.notifications.bulkPut(
    rows.map((notification) => ({ id: notification.id, updatedAt: notification.updatedAt, notification })),
  );
}

/** A server that is down until `online` is set, then answers each read with `counts`; records what it was sent. */
function server(counts: { notifications: number; chats: number }) {
  const sent: { path: string; key: string; json: unknown }[] = [];
  const state = { online: false };
  const transport: OutboxTransport = {
    async send(request) {
      if (!state.online) throw new TypeError('Failed to fetch');
      sent.push({ path: request.path, key: request.idempotencyKey, json: request.json });
      return { status: 200, body: counts };
    },
  };
  return { transport, sent, state };
}

describe('marking notifications read on the device (issue 21)', () => {
  it('marks the rows read and drops the badge at once, offline, and queues one read for the server', async () => {
    const db = freshDb();
    const { transport, sent } = server({ notifications: 0, chats: 1 });
    const outbox = createOutbox({ db, transport, currentUserId: () => 'u1' });
    await storeRows(db, [row('a'), row('bb'), row('ccc', true)]);
    await saveUnreadCounts(db, { notifications: 3, chats: 1 });

    await markNotificationsRead(db, outbox, 'u1', ['a', 'bb']);
    const stored = await db.notifications.toArray();
    expect(stored.map((entry) => [entry.id, entry.notification.isRead])).toEqual([
      ['a', true],
      ['bb', true],
      ['ccc', true],
    ]);
    expect(await readUnreadCounts(db, 'u1')).toEqual({ notifications: 1, chats: 1 });
    // Another student signed in on this device: these reads are not theirs.
    expect(await readUnreadCounts(db, 'u9')).toEqual({ notifications: 3, chats: 1 });
    expect(await outbox.drain()).toBe('offline');
    expect(sent).toEqual([]);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'notifications.read',
      method: 'POST',
      path: '/api/notifications/read',
      body: { ids: ['a', 'bb'] },
    });
  });

  it('a count the server sends before it has the reads does not bring the badge back up; once sent, its answer is kept', async () => {
    const db = freshDb();
    const { transport, sent, state } = server({ notifications: 1, chats: 0 });
    const outbox = createOutbox({
      db,
      transport,
      currentUserId: () => 'u1',
      onApplied: (entry, body) => (entry.kind === 'notifications.read' ? applyNotificationsRead(db, body) : undefined),
    });
    await storeRows(db, [row('a'), row('bb')]);
    await saveUnreadCounts(db, { notifications: 2, chats: 0 });
    await markNotificationsRead(db, outbox, 'u1', ['a', 'bb']);
    expect(await readUnreadCounts(db, 'u1')).toEqual({ notifications: 0, chats: 0 });

    // Back online, the socket's first count comes before the outbox has drained: both rows still unread there, one new.
    await saveUnreadCounts(db, { notifications: 3, chats: 0 });
    expect(await readUnreadCounts(db, 'u1')).toEqual({ notifications: 1, chats: 0 });

    state.online = true;
    expect(await outbox.drain()).toBe('drained');
    expect(await outbox.drain()).toBe('drained');
    expect(sent).toEqual([{ path: '/api/notifications/read', key: expect.any(String), json: { ids: ['a', 'bb'] } }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await readUnreadCounts(db, 'u1')).toEqual({ notifications: 1, chats: 0 });
  });

  it('a read the server refused no longer counts; more than 100 rows go as reads of 100', async () => {
    const db = freshDb();
    const refusing: OutboxTransport = {
      async send() {
        return {
          status: 422,
          body: { errors: [{ code: 'validation_failed', msg: 'The notification ids are not valid.' }] },
        };
      },
    };
    const outbox = createOutbox({ db, transport: refusing, currentUserId: () => 'u1' });
    await saveUnreadCounts(db, { notifications: 150, chats: 0 });
    const ids = Array.from({ length: 150 }, (_, index) => `n${index}`);
    await markNotificationsRead(db, outbox, 'u1', ids);
    const entries = await db.outbox.toArray();
    expect(entries.map((entry) => (entry.body as { ids: string[] }).ids.length)).toEqual([100, 50]);
    expect(await readUnreadCounts(db, 'u1')).toEqual({ notifications: 0, chats: 0 });

    expect(await outbox.drain()).toBe('drained');
    expect((await db.outbox.toArray()).map((entry) => entry.state)).toEqual(['failed', 'failed']);
    expect(await readUnreadCounts(db, 'u1')).toEqual({ notifications: 150, chats: 0 });
  });
});
