import { addMessage, type ChatMessage, readsOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it, onTestFinished } from 'vitest';
import * as Y from 'yjs';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { createUser } from '../test/factories.ts';
import { repairChatInboxes } from './chat-inbox-repair.ts';
import { createChatWriter } from './chat-writer.ts';
import { findOrCreateChat } from './chats.repository.ts';

async function databaseWithChats(count: number) {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const writer = createChatWriter(db, createLogger('silent'));
  onTestFinished(async () => {
    await writer.close();
    await db.destroy();
  });
  const chats = [];
  for (let index = 0; index < count; index++) {
    const alice = await createUser(db, { first_name: 'Alice' });
    const bob = await createUser(db, { first_name: 'Bob' });
    const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
    chats.push({ chatId, aliceId: alice.id, bobId: bob.id });
  }
  return { db, writer, chats };
}

function message(authorId: string, text: string): ChatMessage {
  return { id: uuidv7(), authorId, text, createdAt: new Date().toISOString(), postId: null, attachment: null };
}

async function inboxColumns(db: Db, chatId: string) {
  const chat = await db
    .selectFrom('chats')
    .select(['last_message', 'last_message_author_id', 'inbox_seq'])
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  const members = await db
    .selectFrom('chat_members')
    .select(['user_id', 'has_unread', 'read_message_id'])
    .where('chat_id', '=', chatId)
    .execute();
  return { ...chat, members: Object.fromEntries(members.map((member) => [member.user_id, member])) };
}

describe('repairChatInboxes (start-up after a crash)', () => {
  it('works out the inbox columns of a chat whose log outran them from its doc, and leaves the others alone', async () => {
    const { db, writer, chats } = await databaseWithChats(2);
    const [crashed, untouched] = chats as [(typeof chats)[0], (typeof chats)[0]];
    // What a crash between a flush's commit and its inbox write leaves: log rows, no inbox columns.
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const first = message(crashed.aliceId, 'hello Bob');
    addMessage(doc, first);
    readsOf(doc).set(crashed.bobId, first.id);
    addMessage(doc, message(crashed.bobId, 'hi Alice'));
    const now = new Date().toISOString();
    let seq = 0;
    for (const update of updates) {
      seq = await writer.write({ kind: 'messages', chatId: crashed.chatId, now, updates: [update], claims: [] });
    }
    const before = await inboxColumns(db, untouched.chatId);

    expect(await repairChatInboxes(db, createLogger('silent'))).toBe(1);

    expect(await inboxColumns(db, crashed.chatId)).toEqual({
      last_message: 'hi Alice',
      last_message_author_id: crashed.bobId,
      inbox_seq: seq,
      members: {
        [crashed.aliceId]: { user_id: crashed.aliceId, has_unread: 1, read_message_id: null },
        [crashed.bobId]: { user_id: crashed.bobId, has_unread: 0, read_message_id: first.id },
      },
    });
    expect(await inboxColumns(db, untouched.chatId)).toEqual(before);
    // Mended: a second start-up finds nothing to do.
    expect(await repairChatInboxes(db, createLogger('silent'))).toBe(0);
  });
});
