import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { addMessage, likesOf, markRead, messagesOf, readsOf, setLiked } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RunningServer } from '../server.ts';
import { createBlock } from '../test/factories.ts';
import {
  aliceAndBob,
  chatBetween,
  chatMessage,
  connectProvider,
  rawSocket,
  type SocketActor,
  socketMember,
  startChatServer,
  waitFor,
  whenSynced,
} from './chat-socket.test-helpers.ts';

async function logRows(server: RunningServer, chatId: string) {
  return (await server.db.selectFrom('chat_updates').select('seq').where('chat_id', '=', chatId).execute()).length;
}

describe('the chat socket: who may connect', () => {
  it('refuses an upgrade without a valid session cookie (401)', async () => {
    const { server } = await startChatServer();
    const alice = await socketMember(server);
    const chatId = await chatBetween(server, alice, await socketMember(server));
    await expect(rawSocket(server, chatId, { host: alice.host }).opened).rejects.toThrow('HTTP 401');
    await expect(rawSocket(server, chatId, { host: alice.host, token: 'forged' }).opened).rejects.toThrow('HTTP 401');
  });

  it('refuses a page of another origin even with a valid cookie (403)', async () => {
    const { server } = await startChatServer();
    const alice = await socketMember(server);
    const chatId = await chatBetween(server, alice, await socketMember(server));
    const evil = rawSocket(server, chatId, { ...alice, origin: 'http://evil.example' });
    await expect(evil.opened).rejects.toThrow('HTTP 403');
  });

  it('refuses a non-member, an unknown chat and a malformed id (404)', async () => {
    const { server } = await startChatServer();
    const alice = await socketMember(server);
    const eve = await socketMember(server);
    const chatId = await chatBetween(server, alice, await socketMember(server));
    await expect(rawSocket(server, chatId, eve).opened).rejects.toThrow('HTTP 404');
    await expect(rawSocket(server, uuidv7(), alice).opened).rejects.toThrow('HTTP 404');
    await expect(rawSocket(server, 'x/../../sync', alice).opened).rejects.toThrow('HTTP 404');
    expect(server.chatRooms.size).toBe(0);
  });

  it("refuses a chat reached from another campus's host, and a UT student on an OU chat", async () => {
    const { server } = await startChatServer();
    const alice = await socketMember(server);
    const chatId = await chatBetween(server, alice, await socketMember(server));
    await expect(rawSocket(server, chatId, { ...alice, host: 'utexas.localhost' }).opened).rejects.toThrow('HTTP 404');
    const texan = await socketMember(server, 'Tex', 'ut');
    await expect(rawSocket(server, chatId, { ...texan, host: 'ou.localhost' }).opened).rejects.toThrow('HTTP 404');
  });

  it('refuses members who blocked each other (403)', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    await createBlock(server.db, bob.user.id, alice.user.id);
    await expect(rawSocket(server, chatId, alice).opened).rejects.toThrow('HTTP 403');
    await expect(rawSocket(server, chatId, bob).opened).rejects.toThrow('HTTP 403');
  });
});

/**
 * A member's socket sends `edit` made on a copy of the server's doc; the
 * other member (Bob) is connected with the stock client and must hear nothing of it.
 */
async function forge(edit: (doc: Y.Doc, ids: { alice: string; bob: string; messageId: string }) => void) {
  const { server, alice, bob, chatId } = await aliceAndBob();
  const b = connectProvider(server, bob, chatId);
  await whenSynced(b.provider);
  const bobs = chatMessage(bob.user.id, 'Hi from Bob');
  addMessage(b.doc, bobs);
  markRead(b.doc, bob.user.id, bobs.id);
  setLiked(b.doc, bobs.id, bob.user.id, true);
  const room = server.chatRooms.roomOf(chatId);
  await waitFor(() => room?.doc !== undefined && messagesOf(room.doc).has(bobs.id), 'the server to have Bob’s message');
  await room?.settled();
  const rowsBefore = await logRows(server, chatId);
  const bobUpdates: Uint8Array[] = [];
  b.doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === b.provider) bobUpdates.push(update);
  });

  const forger = new Y.Doc();
  Y.applyUpdate(forger, Y.encodeStateAsUpdate(room?.doc ?? new Y.Doc()));
  const before = Y.encodeStateVector(forger);
  edit(forger, { alice: alice.user.id, bob: bob.user.id, messageId: bobs.id });
  const socket = rawSocket(server, chatId, alice);
  await socket.opened;
  socket.sendUpdate(Y.encodeStateAsUpdate(forger, before));
  const code = await socket.closed;
  await room?.settled();
  return { server, chatId, code, bobUpdates, rowsBefore, rowsAfter: await logRows(server, chatId), room, alice, bob };
}

describe('the chat socket: updates the server refuses, stores not and relays not', () => {
  it('a message with a forged author', async () => {
    const forged = chatMessage(uuidv7());
    const result = await forge((doc, ids) => addMessage(doc, { ...forged, authorId: ids.bob }));
    expect(result.code).toBe(CHAT_SOCKET_CLOSE.refused);
    expect(result.bobUpdates).toEqual([]);
    expect(result.rowsAfter).toBe(result.rowsBefore);
    expect(messagesOf(result.room?.doc ?? new Y.Doc()).has(forged.id)).toBe(false);
  });

  // issue 35 item 8: a message dated 2020 was accepted and relayed, sorting before the whole chat.
  it('a message dated long before the chat was started, by its id or by its time', async () => {
    const in2020 = Date.parse('2020-03-01T12:00:00.000Z');
    for (const dated of [
      (authorId: string) => ({ ...chatMessage(authorId), id: uuidv7(in2020) }),
      (authorId: string) => ({ ...chatMessage(authorId), createdAt: new Date(in2020).toISOString() }),
      (authorId: string) => ({
        ...chatMessage(authorId),
        createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      }),
    ]) {
      let sent = '';
      const result = await forge((doc, ids) => {
        const message = dated(ids.alice);
        sent = message.id;
        addMessage(doc, message);
      });
      expect(result.code).toBe(CHAT_SOCKET_CLOSE.refused);
      expect(result.bobUpdates).toEqual([]);
      expect(result.rowsAfter).toBe(result.rowsBefore);
      expect(messagesOf(result.room?.doc ?? new Y.Doc()).has(sent)).toBe(false);
    }
  });

  it('a like on behalf of someone else, and an unlike of theirs', async () => {
    for (const edit of [
      (doc: Y.Doc, ids: { bob: string; messageId: string }) => setLiked(doc, ids.messageId, ids.bob, true),
      (doc: Y.Doc, ids: { messageId: string }) => setLiked(doc, ids.messageId, uuidv7(), true),
      (doc: Y.Doc, ids: { bob: string; messageId: string }) => setLiked(doc, ids.messageId, ids.bob, false),
    ]) {
      const result = await forge(edit);
      expect(result.code).toBe(CHAT_SOCKET_CLOSE.refused);
      expect(result.bobUpdates).toEqual([]);
      expect(result.rowsAfter).toBe(result.rowsBefore);
      expect(likesOf(result.room?.doc ?? new Y.Doc()).size).toBe(1);
    }
  });

  it("a move of the other member's read position, a deleted message, another root type", async () => {
    const edits = [
      (doc: Y.Doc, ids: { bob: string }) => readsOf(doc).set(ids.bob, 'zzz'),
      (doc: Y.Doc, ids: { messageId: string }) => messagesOf(doc).delete(ids.messageId),
      (doc: Y.Doc) => doc.getMap('settings').set('isAdmin', true),
    ];
    for (const edit of edits) {
      const result = await forge(edit);
      expect(result.code).toBe(CHAT_SOCKET_CLOSE.refused);
      expect(result.bobUpdates).toEqual([]);
      expect(result.rowsAfter).toBe(result.rowsBefore);
      expect(messagesOf(result.room?.doc ?? new Y.Doc()).size).toBe(1);
    }
  });

  it('bytes that are not a y-protocols message close the socket (4400) and leave the doc alone', async () => {
    const { server } = await startChatServer();
    const alice: SocketActor = await socketMember(server);
    const chatId = await chatBetween(server, alice, await socketMember(server));
    const socket = rawSocket(server, chatId, alice);
    await socket.opened;
    socket.ws.send(new Uint8Array([0, 9, 9]));
    expect(await socket.closed).toBe(CHAT_SOCKET_CLOSE.badMessage);
    expect(await logRows(server, chatId)).toBe(0);
  });

  it('a legitimate update on the same raw socket is stored and relayed', async () => {
    const mine = chatMessage(uuidv7(), 'Mine, by the rules');
    const { server, alice, bob, chatId } = await aliceAndBob();
    const b = connectProvider(server, bob, chatId);
    await whenSynced(b.provider);
    const doc = new Y.Doc();
    addMessage(doc, { ...mine, authorId: alice.user.id });
    const socket = rawSocket(server, chatId, alice);
    await socket.opened;
    socket.sendUpdate(Y.encodeStateAsUpdate(doc));
    await waitFor(() => messagesOf(b.doc).has(mine.id), 'Bob to get it');
    expect(await logRows(server, chatId)).toBe(1);
  });
});
