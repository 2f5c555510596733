import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { addMessage, markRead, messagesOf, setLiked } from '@campus/shared/chat-doc';
import { type ServerSyncMessage, SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import * as encoding from 'lib0/encoding';
import { describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { RunningServer } from '../server.ts';
import {
  aliceAndBob,
  aliceAndBobLive,
  chatBetween,
  chatMessage,
  connectProvider,
  rawSocket,
  socketMember,
  startChatServer,
  waitFor,
  whenSynced,
} from './chat-socket.test-helpers.ts';

async function chatRow(server: RunningServer, chatId: string) {
  return server.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
}

async function member(server: RunningServer, chatId: string, userId: string) {
  return server.db
    .selectFrom('chat_members')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function notifications(server: RunningServer) {
  return server.db
    .selectFrom('notifications')
    .select(['type', 'to_user_id', 'from_user_id', 'message', 'chat_id'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe('the chat socket: live messages and what they change in the inbox', () => {
  it("relays a member's message to the other live, and records last message, unread and notifications", async () => {
    const { server, alice, bob, chatId, a, b } = await aliceAndBobLive();

    const hello = chatMessage(alice.user.id, 'Is the desk still for sale?');
    addMessage(a.doc, hello);
    await waitFor(() => messagesOf(b.doc).has(hello.id), "Bob's copy to get the message");
    await server.chatRooms.roomOf(chatId)?.settled();
    expect(await chatRow(server, chatId)).toMatchObject({
      last_message: hello.text,
      last_message_id: hello.id,
      last_message_author_id: alice.user.id,
    });
    expect((await member(server, chatId, bob.user.id)).has_unread).toBe(1);
    expect((await member(server, chatId, alice.user.id)).has_unread).toBe(0);

    const more = chatMessage(alice.user.id, 'I can pick it up today');
    addMessage(a.doc, more);
    await waitFor(() => messagesOf(b.doc).has(more.id), 'the second message');
    await server.chatRooms.roomOf(chatId)?.settled();
    expect(await notifications(server)).toEqual([
      { type: 'new chat', to_user_id: bob.user.id, from_user_id: alice.user.id, message: hello.text, chat_id: chatId },
      { type: 'message', to_user_id: bob.user.id, from_user_id: alice.user.id, message: more.text, chat_id: chatId },
    ]);

    markRead(b.doc, bob.user.id, more.id);
    await waitFor(async () => (await member(server, chatId, bob.user.id)).has_unread === 0, "Bob's unread to clear");
    expect((await member(server, chatId, bob.user.id)).read_message_id).toBe(more.id);
    const summary = await fetch(`http://127.0.0.1:${server.port}/api/chats/${chatId}`, {
      headers: { cookie: `session=${alice.token}` },
    });
    expect(await summary.json()).toMatchObject({ lastMessageStatus: 'Seen', isUnread: false });
  });

  it("a like changes last_message to '{First name} liked a message' and notifies the author; an unlike puts it back", async () => {
    const { server, alice, bob, chatId, a, b } = await aliceAndBobLive();
    const offer = chatMessage(alice.user.id, '$40 and it is yours');
    addMessage(a.doc, offer);
    await waitFor(() => messagesOf(b.doc).has(offer.id), 'the message');

    setLiked(b.doc, offer.id, bob.user.id, true);
    await waitFor(async () => (await chatRow(server, chatId)).last_message === 'Bob liked a message', 'the like');
    // Notifications are written apart, a moment later (chat-inbox-queue.ts): settled() waits for them.
    await server.chatRooms.roomOf(chatId)?.settled();
    expect((await notifications(server)).at(-1)).toMatchObject({
      type: 'message like',
      to_user_id: alice.user.id,
      from_user_id: bob.user.id,
      message: offer.text,
    });
    setLiked(b.doc, offer.id, bob.user.id, false);
    await waitFor(async () => (await chatRow(server, chatId)).last_message === offer.text, 'the unlike');

    const before = (await notifications(server)).length;
    setLiked(a.doc, offer.id, alice.user.id, true);
    await waitFor(async () => (await chatRow(server, chatId)).last_message === 'Alice liked a message', 'a self-like');
    await server.chatRooms.roomOf(chatId)?.settled();
    expect(await notifications(server)).toHaveLength(before);
  });

  it('answers a reconnecting client with what it missed and takes what it wrote meanwhile', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    const a = connectProvider(server, alice, chatId);
    const b = connectProvider(server, bob, chatId);
    await Promise.all([whenSynced(a.provider), whenSynced(b.provider)]);

    b.provider.disconnect();
    const whileAway = chatMessage(alice.user.id, 'Are you there?');
    addMessage(a.doc, whileAway);
    const offline = chatMessage(bob.user.id, 'Written on the bus');
    addMessage(b.doc, offline);
    await server.chatRooms.roomOf(chatId)?.settled();
    b.provider.connect();
    await waitFor(
      () => messagesOf(b.doc).has(whileAway.id) && messagesOf(a.doc).has(offline.id),
      'both sides to catch up',
    );
    expect([...messagesOf(a.doc).keys()].sort()).toEqual([...messagesOf(b.doc).keys()].sort());
  });
});

describe('the chat socket: the protocol around the updates', () => {
  it('asks a client to sync again when an update builds on something the server lacks, and keeps the socket', async () => {
    const { server } = await startChatServer();
    const alice = await socketMember(server);
    const chatId = await chatBetween(server, alice, await socketMember(server));
    const socket = rawSocket(server, chatId, alice);
    await socket.opened;
    await waitFor(() => socket.stepOnes() === 1, 'the server’s sync step 1');
    socket.sendUpdate(Y.encodeStateAsUpdate(new Y.Doc()), 'step2');

    const doc = new Y.Doc();
    const first = chatMessage(alice.user.id, 'first');
    addMessage(doc, first);
    const afterFirst = Y.encodeStateVector(doc);
    const second = chatMessage(alice.user.id, 'second');
    addMessage(doc, second);
    socket.sendUpdate(Y.encodeStateAsUpdate(doc, afterFirst));
    await waitFor(() => socket.stepOnes() === 2, 'a fresh sync step 1');
    // A step 1 of the client's own (an acknowledgement probe) is answered only once the resync is in.
    socket.sendStepOne(Y.encodeStateVector(doc));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.stepTwos()).toBe(0);
    socket.sendUpdate(Y.encodeStateAsUpdate(doc), 'step2');
    await waitFor(() => socket.stepTwos() === 1, 'the answer to the probe');
    const room = server.chatRooms.roomOf(chatId);
    expect(room && messagesOf(room.doc).size).toBe(2);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it('relays presence (awareness) to every socket of the chat, the sender included, and stores none', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    const a = rawSocket(server, chatId, alice);
    const b = rawSocket(server, chatId, bob);
    await Promise.all([a.opened, b.opened]);
    const awareness = new Awareness(new Y.Doc());
    awareness.setLocalState({ typing: true });
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 1);
    encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(awareness, [awareness.clientID]));
    const presence = encoding.toUint8Array(encoder);
    a.ws.send(presence);
    const isPresence = (data: Uint8Array) =>
      data.length === presence.length && data.every((byte, i) => byte === presence[i]);
    await waitFor(() => a.received.some(isPresence) && b.received.some(isPresence), 'the presence echo');
    awareness.destroy();
    expect(await server.db.selectFrom('chat_updates').select('seq').execute()).toEqual([]);
  });

  it("tells the other member's inbox through the issue-5 sync socket (a 'chat' notice)", async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    const host = `ou.localhost:${server.port}`;
    const inbox = new WebSocket(`ws://127.0.0.1:${server.port}${SYNC_SOCKET_PATH}`, {
      headers: { host, origin: `http://${host}`, cookie: `session=${bob.token}` },
    });
    onTestFinished(() => inbox.terminate());
    const heard: ServerSyncMessage[] = [];
    inbox.on('message', (data) => heard.push(JSON.parse(String(data)) as ServerSyncMessage));
    await new Promise((resolve) => inbox.once('open', resolve));
    inbox.send(JSON.stringify({ type: 'hello', since: null }));
    await waitFor(() => heard.length === 1, 'the hello answer');

    const a = connectProvider(server, alice, chatId);
    await whenSynced(a.provider);
    addMessage(a.doc, chatMessage(alice.user.id, 'Ping'));
    await waitFor(
      () => heard.some((m) => m.type === 'changes' && m.changes.some((c) => c.kind === 'chat' && c.chatId === chatId)),
      "Bob's chat notice",
    );
  });
});

describe('the chat socket: a chat deleted while open', () => {
  it('closes every socket with 4404, so the stock client stops reconnecting, and drops the doc', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    const b = connectProvider(server, bob, chatId);
    await whenSynced(b.provider);
    const closed = new Promise<number>((resolve) => b.provider.on('closed', ({ code }) => resolve(code)));
    const response = await fetch(`http://127.0.0.1:${server.port}/api/chats/${chatId}`, {
      method: 'DELETE',
      headers: { origin: `http://127.0.0.1:${server.port}`, cookie: `session=${alice.token}` },
    });
    expect(response.status).toBe(200);
    expect(await closed).toBe(CHAT_SOCKET_CLOSE.deleted);
    expect(b.provider.shouldConnect).toBe(false);
    expect(server.chatRooms.roomOf(chatId)).toBeUndefined();
  });
});
