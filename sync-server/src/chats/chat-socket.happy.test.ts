import { addMessage, type ChatMessage, markRead, messagesOf, setLiked } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../server.ts';
import {
  chatBetween,
  connectProvider,
  socketMember,
  startChatServer,
  waitFor,
  whenSynced,
} from './chat-socket.test-helpers.ts';

function message(authorId: string, text: string): ChatMessage {
  return { id: uuidv7(), authorId, text, createdAt: new Date().toISOString(), postId: null, attachment: null };
}

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
    const { server } = await startChatServer();
    const alice = await socketMember(server, 'Alice');
    const bob = await socketMember(server, 'Bob');
    const chatId = await chatBetween(server, alice, bob);
    const a = connectProvider(server, alice, chatId);
    const b = connectProvider(server, bob, chatId);
    await Promise.all([whenSynced(a.provider), whenSynced(b.provider)]);

    const hello = message(alice.user.id, 'Is the desk still for sale?');
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

    const more = message(alice.user.id, 'I can pick it up today');
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
    const { server } = await startChatServer();
    const alice = await socketMember(server, 'Alice');
    const bob = await socketMember(server, 'Bob');
    const chatId = await chatBetween(server, alice, bob);
    const a = connectProvider(server, alice, chatId);
    const b = connectProvider(server, bob, chatId);
    await Promise.all([whenSynced(a.provider), whenSynced(b.provider)]);
    const offer = message(alice.user.id, '$40 and it is yours');
    addMessage(a.doc, offer);
    await waitFor(() => messagesOf(b.doc).has(offer.id), 'the message');

    setLiked(b.doc, offer.id, bob.user.id, true);
    await waitFor(async () => (await chatRow(server, chatId)).last_message === 'Bob liked a message', 'the like');
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
    expect(await notifications(server)).toHaveLength(before);
  });

  it('answers a reconnecting client with what it missed and takes what it wrote meanwhile', async () => {
    const { server } = await startChatServer();
    const alice = await socketMember(server);
    const bob = await socketMember(server);
    const chatId = await chatBetween(server, alice, bob);
    const a = connectProvider(server, alice, chatId);
    const b = connectProvider(server, bob, chatId);
    await Promise.all([whenSynced(a.provider), whenSynced(b.provider)]);

    b.provider.disconnect();
    const whileAway = message(alice.user.id, 'Are you there?');
    addMessage(a.doc, whileAway);
    const offline = message(bob.user.id, 'Written on the bus');
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
