import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uuidv7 } from '@campus/shared/ids';
import type { PushPayload } from '@campus/shared/push-api';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type PushService, startPushService } from '../../../tests/support/push-service/push-service.ts';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { createChatWriteExecutor } from '../chats/chat-write-executor.ts';
import type { NotificationInsert } from '../chats/chat-write-parts.ts';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import { loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase, sqliteOf } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { createSession, generateSessionToken, hashToken } from '../sessions/session.ts';
import { createUser } from '../test/factories.ts';
import { createPushSender } from './push-sender.ts';
import { loadVapidKeys } from './vapid-keys.ts';

/** A database with Alice and Bob in a chat, Bob's device subscribed on the stand-in, and the push worker. */
async function setUp(options: { isSubscribed: boolean }) {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const alice = await createUser(db, { first_name: 'Alice', last_name: 'A.' });
  const bob = await createUser(db);
  const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
  const service: PushService = await startPushService();
  const config = loadConfig({ DATA_DIR: await mkdtemp(path.join(tmpdir(), 'push-triggers-')) });
  const vapidKeys = loadVapidKeys(config);
  const sender = createPushSender({
    db,
    logger: createLogger('silent'),
    vapidKeys,
    concurrency: 2,
    ttlSeconds: 60,
    agent: new Agent({ ca: readFileSync(service.certFile) }),
  });
  onTestFinished(async () => {
    await sender.close();
    await service.close();
    await db.destroy();
  });
  if (options.isSubscribed) await subscribeDevice(db, service, vapidKeys.publicKey, bob.id);
  const executor = createChatWriteExecutor(sqliteOf(db));
  function message(text: string): NotificationInsert {
    const at = new Date().toISOString();
    return {
      id: uuidv7(),
      campusId: 'ou',
      chatId,
      toUserId: bob.id,
      fromUserId: alice.id,
      type: 'message',
      message: text,
      createdAt: at,
    };
  }
  /** Writes as the chat inbox does (decision 016), then lets the worker drain. */
  async function send(text: string) {
    expect(executor.run([{ kind: 'inbox', chats: [], notifications: [message(text)] }])).toEqual([
      { ok: true, value: 0 },
    ]);
    sender.poke();
    await sender.idle();
  }
  const logged = () => db.selectFrom('push_deliveries').selectAll().execute();
  const payloads = () => service.received.map((push) => JSON.parse(push.data) as PushPayload);
  return { db, bob, chatId, send, sender, logged, payloads };
}

async function subscribeDevice(db: Db, service: PushService, publicKey: string, userId: string) {
  const token = generateSessionToken();
  await createSession(db, token, userId);
  const subscription = service.subscribe(publicKey);
  await db
    .insertInto('push_subscriptions')
    .values({
      id: uuidv7(),
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      user_id: userId,
      campus_id: 'ou',
      session_id: hashToken(token),
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe('what the triggers hand the push worker (migration 2026-11-26T1100)', () => {
  it('a chat message, written by the chat writer, is pushed with the chat’s route; a merged second one again', async () => {
    const { chatId, send, payloads } = await setUp({ isSubscribed: true });
    await send('Is the bike still for sale?');
    await new Promise((resolve) => setTimeout(resolve, 2));
    await send('I can come today');
    expect(payloads()).toEqual([
      expect.objectContaining({
        title: 'Alice A. sent you a message',
        body: 'Is the bike still for sale?',
        url: `/messages/${chatId}`,
      }),
      expect.objectContaining({
        title: 'Alice A. sent you 2 messages',
        body: 'I can come today',
        url: `/messages/${chatId}`,
      }),
    ]);
    // One row merged twice: the same tag, so the device replaces the first notification.
    expect(new Set(payloads().map((payload) => payload.tag)).size).toBe(1);
  });

  it('marking a row read logs nothing to push', async () => {
    const { db, bob, send, logged, sender, payloads } = await setUp({ isSubscribed: true });
    await send('Hello');
    await db.updateTable('notifications').set({ is_read: 1 }).where('to_user_id', '=', bob.id).execute();
    expect(await logged()).toEqual([]);
    sender.poke();
    await sender.idle();
    expect(payloads()).toHaveLength(1);
  });

  it('a recipient without a subscription costs no log row', async () => {
    const { db, send, logged, payloads } = await setUp({ isSubscribed: false });
    await send('Hello');
    expect(await db.selectFrom('notifications').select('id').execute()).toHaveLength(1);
    expect(await logged()).toEqual([]);
    expect(payloads()).toEqual([]);
  });
});
