import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { addMessage, type ChatMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RunningServer } from '../server.ts';
import {
  aliceAndBob,
  chatMessage,
  connectProvider,
  rawSocket,
  waitFor,
  whenSynced,
} from './chat-socket.test-helpers.ts';

/** Issue 18 item 4 and 9a: floods, rates and message times (decision 019). */

async function logRows(server: RunningServer, chatId: string) {
  return (await server.db.selectFrom('chat_updates').select('seq').where('chat_id', '=', chatId).execute()).length;
}

/** The close code, or 'open' if the socket is still open after `ms`. */
function closedWithin(closed: Promise<number>, ms = 2000): Promise<number | 'open'> {
  return Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}

/** Sends one update holding every message of `messages`, as one frame. */
async function sendAsOneUpdate(
  server: RunningServer,
  chatId: string,
  actor: { token: string; host: string },
  messages: ChatMessage[],
) {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const each of messages) addMessage(doc, each);
  });
  const socket = rawSocket(server, chatId, actor);
  await socket.opened;
  socket.sendUpdate(Y.encodeStateAsUpdate(doc));
  return socket;
}

describe('the chat socket: floods', () => {
  it('refuses an update carrying more than 100 messages (4403) and stores none of them', async () => {
    const { server, alice, chatId } = await aliceAndBob();
    const flood = Array.from({ length: 101 }, (_, index) => chatMessage(alice.user.id, `flood ${index}`));
    const socket = await sendAsOneUpdate(server, chatId, alice, flood);
    expect(await closedWithin(socket.closed)).toBe(CHAT_SOCKET_CLOSE.refused);
    await server.chatRooms.settled();
    expect(await logRows(server, chatId)).toBe(0);
    expect(messagesOf(server.chatRooms.roomOf(chatId)?.doc ?? new Y.Doc()).size).toBe(0);
  });

  it('closes a socket whose frame is over 1 MB (1009) before reading it', async () => {
    const { server, alice, chatId } = await aliceAndBob();
    const long = 'x'.repeat(500);
    const flood = Array.from({ length: 2500 }, () => chatMessage(alice.user.id, long));
    const socket = await sendAsOneUpdate(server, chatId, alice, flood);
    expect(await closedWithin(socket.closed)).toBe(1009);
    await server.chatRooms.settled();
    expect(await logRows(server, chatId)).toBe(0);
  });

  it('rate-limits a member: past the burst the socket is told to come back later, and cannot reconnect at once', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob({
      CHAT_MESSAGE_BURST: '5',
      CHAT_MESSAGES_PER_MINUTE: '60',
    });
    const doc = new Y.Doc();
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    for (let index = 0; index < 8; index++) addMessage(doc, chatMessage(alice.user.id, `quick ${index}`));
    const socket = rawSocket(server, chatId, alice);
    await socket.opened;
    for (const update of updates) socket.sendUpdate(update);
    expect(await closedWithin(socket.closed)).toBe(CHAT_SOCKET_CLOSE.slowDown);
    await server.chatRooms.settled();
    expect(messagesOf(server.chatRooms.roomOf(chatId)?.doc ?? new Y.Doc()).size).toBe(5);
    await expect(rawSocket(server, chatId, alice).opened).rejects.toThrow('HTTP 429');

    // The other member is not slowed by Alice's flood.
    const b = connectProvider(server, bob, chatId);
    await whenSynced(b.provider);
    const bobs = chatMessage(bob.user.id, 'still here');
    addMessage(b.doc, bobs);
    await waitFor(() => messagesOf(server.chatRooms.roomOf(chatId)?.doc ?? new Y.Doc()).has(bobs.id), 'Bob’s message');
  });
});

describe('the chat socket: message times (issue 18 item 9a)', () => {
  const FAR_FUTURE = Date.UTC(2099, 0, 1);

  it('refuses a message whose id or createdAt is dated more than 5 minutes ahead, and an id that is not a UUIDv7', async () => {
    const { server, alice, chatId } = await aliceAndBob();
    const now = chatMessage(alice.user.id);
    const forged: ChatMessage[] = [
      chatMessage(alice.user.id, 'from 2099', FAR_FUTURE),
      { ...now, id: uuidv7(), createdAt: new Date(FAR_FUTURE).toISOString() },
      { ...now, id: uuidv7(Date.now() + 10 * 60_000) },
      { ...now, id: crypto.randomUUID() },
    ];
    for (const each of forged) {
      const socket = await sendAsOneUpdate(server, chatId, alice, [each]);
      expect(await closedWithin(socket.closed)).toBe(CHAT_SOCKET_CLOSE.refused);
    }
    await server.chatRooms.settled();
    expect(await logRows(server, chatId)).toBe(0);
    const row = await server.db
      .selectFrom('chats')
      .select('last_message_id')
      .where('id', '=', chatId)
      .executeTakeFirst();
    expect(row?.last_message_id).toBeNull();
  });

  it('accepts a message from a clock a minute ahead, and one written offline an hour ago', async () => {
    const { server, alice, chatId } = await aliceAndBob();
    const ahead = chatMessage(alice.user.id, 'fast clock', Date.now() + 60_000);
    const earlier = chatMessage(alice.user.id, 'written offline', Date.now() - 3_600_000);
    const socket = await sendAsOneUpdate(server, chatId, alice, [ahead, earlier]);
    const room = server.chatRooms.roomOf(chatId);
    await waitFor(() => messagesOf(room?.doc ?? new Y.Doc()).size === 2, 'both messages');
    expect(await closedWithin(socket.closed, 100)).toBe('open');
  });
});
