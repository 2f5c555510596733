import { addMessage, likesOf, messagesOf, readsOf, setLiked, sortedMessages } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { fakeSocket, setUpRoom } from './chat-room.test-helpers.ts';
import { loadChatLog } from './chat-update-log.ts';
import { findMemberChat } from './chats.repository.ts';

async function rowCount(app: TestApp, chatId: string) {
  return (await app.db.selectFrom('chat_updates').select('seq').where('chat_id', '=', chatId).execute()).length;
}

/** Updates in the log: a row holds a flush's updates (update_count of them). */
async function updateCount(app: TestApp, chatId: string) {
  const rows = await app.db.selectFrom('chat_updates').select('update_count').where('chat_id', '=', chatId).execute();
  return rows.reduce((sum, row) => sum + row.update_count, 0);
}

function contentOf(doc: Y.Doc) {
  return {
    messages: sortedMessages(doc),
    likes: [...likesOf(doc).keys()].sort(),
    reads: [...readsOf(doc).entries()].sort(),
  };
}

async function reload(app: TestApp, chatId: string) {
  const doc = new Y.Doc();
  messagesOf(doc);
  await loadChatLog(app.db, chatId, doc);
  return doc;
}

describe('the chat log: append, compact, reload', () => {
  it('appends every accepted update (a row per flush), compacts to one snapshot when evicted, and reloads identically', async () => {
    const app = await createTestApp();
    const { rooms, chatId, doc, aliceId } = await setUpRoom(app, {});
    for (let index = 0; index < 6; index++) {
      const id = uuidv7();
      addMessage(doc, {
        id,
        authorId: aliceId,
        text: `m${index}`,
        createdAt: new Date().toISOString(),
        postId: null,
        attachment: null,
      });
      if (index % 2 === 0) setLiked(doc, id, aliceId, true);
    }
    readsOf(doc).set(aliceId, sortedMessages(doc).at(-1)?.id ?? '');
    await rooms.roomOf(chatId)?.settled();
    expect(await updateCount(app, chatId)).toBe(10);
    expect(await rowCount(app, chatId)).toBeLessThan(10);
    const before = Y.encodeStateVector(rooms.roomOf(chatId)?.doc ?? new Y.Doc());

    await rooms.evict(chatId);
    expect(rooms.size).toBe(0);
    expect(await rowCount(app, chatId)).toBe(1);
    const reloaded = await reload(app, chatId);
    expect(contentOf(reloaded)).toEqual(contentOf(doc));
    expect(Y.encodeStateVector(reloaded)).toEqual(before);
  });

  it('compacts while the doc is open once the log passes its limit and the number of messages', async () => {
    const app = await createTestApp();
    const { rooms, chatId, doc, aliceId } = await setUpRoom(app, { compactAfterRows: 4 });
    for (let index = 0; index < 9; index++) {
      addMessage(doc, {
        id: uuidv7(),
        authorId: aliceId,
        text: `m${index}`,
        createdAt: new Date().toISOString(),
        postId: null,
        attachment: null,
      });
      await rooms.roomOf(chatId)?.settled();
    }
    // Compacted at the 4th row (4 messages), then not before the log is as long as the doc's 9 messages.
    expect(await rowCount(app, chatId)).toBe(1 + 5);
    expect(contentOf(await reload(app, chatId))).toEqual(contentOf(doc));
  });

  it('drops a doc nobody has open after the idle time, compacting it, and loads it again on demand', async () => {
    const app = await createTestApp();
    const { rooms, chatId, socket, doc, aliceId } = await setUpRoom(app, { idleMs: 20 });
    for (const text of ['one', 'two']) {
      addMessage(doc, {
        id: uuidv7(),
        authorId: aliceId,
        text,
        createdAt: new Date().toISOString(),
        postId: null,
        attachment: null,
      });
    }
    await rooms.roomOf(chatId)?.settled();
    socket.close();
    const start = Date.now();
    while (rooms.size > 0 || (await rowCount(app, chatId)) > 1) {
      if (Date.now() - start > 2000) throw new Error('the idle doc was not dropped');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const chat = await findMemberChat(app.db, chatId, aliceId, 'ou');
    if (!chat) throw new Error('no chat');
    rooms.join(chat, { id: aliceId, firstName: 'Alice' }, fakeSocket() as unknown as WebSocket);
    await rooms.roomOf(chatId)?.settled();
    expect(contentOf(rooms.roomOf(chatId)?.doc ?? new Y.Doc())).toEqual(contentOf(doc));
  });
});
