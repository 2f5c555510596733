import { CHAT_SOCKET_CLOSE } from '@campus/shared/chat-api';
import { addMessage, messagesOf } from '@campus/shared/chat-doc';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RunningServer } from '../server.ts';
import { createBlock } from '../test/factories.ts';
import {
  aliceAndBob,
  aliceAndBobLive,
  chatMessage,
  connectProvider,
  rawSocket,
  waitFor,
  whenSynced,
} from './chat-socket.test-helpers.ts';

async function unreadFlags(server: RunningServer, chatId: string) {
  const rows = await server.db
    .selectFrom('chat_members')
    .select(['user_id', 'has_unread'])
    .where('chat_id', '=', chatId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, row.has_unread]));
}

describe('the chat socket: unread flags the room keeps, and blocks made while a chat is open', () => {
  it('flips each member’s unread flag as the newest message changes author, and keeps it while it does not', async () => {
    const { server, alice, bob, chatId, a, b } = await aliceAndBobLive();

    const send = async (doc: Y.Doc, to: Y.Doc, authorId: string, text: string) => {
      const sent = chatMessage(authorId, text);
      addMessage(doc, sent);
      await waitFor(() => messagesOf(to).has(sent.id), text);
      await server.chatRooms.roomOf(chatId)?.settled();
    };
    await send(a.doc, b.doc, alice.user.id, 'Is the lamp still there?');
    expect(await unreadFlags(server, chatId)).toEqual({ [alice.user.id]: 0, [bob.user.id]: 1 });
    await send(b.doc, a.doc, bob.user.id, 'Yes, come by at 5');
    expect(await unreadFlags(server, chatId)).toEqual({ [alice.user.id]: 1, [bob.user.id]: 0 });
    await send(a.doc, b.doc, alice.user.id, 'Great');
    await send(a.doc, b.doc, alice.user.id, 'See you then');
    expect(await unreadFlags(server, chatId)).toEqual({ [alice.user.id]: 0, [bob.user.id]: 1 });
  });

  it('a room re-opened after going idle starts from the stored flags', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    const first = connectProvider(server, alice, chatId);
    await whenSynced(first.provider);
    addMessage(first.doc, chatMessage(alice.user.id, 'Hello?'));
    await waitFor(async () => (await unreadFlags(server, chatId))[bob.user.id] === 1, 'Bob unread');
    first.provider.destroy();
    await server.chatRooms.evict(chatId);
    expect(server.chatRooms.roomOf(chatId)).toBeUndefined();

    const b = connectProvider(server, bob, chatId);
    await whenSynced(b.provider);
    addMessage(b.doc, chatMessage(bob.user.id, 'Hi Alice'));
    await waitFor(async () => (await unreadFlags(server, chatId))[alice.user.id] === 1, 'Alice unread');
    expect((await unreadFlags(server, chatId))[bob.user.id]).toBe(0);
  });

  it('a block made while both sockets are open stops the next message within about a second', async () => {
    const { server, alice, bob, chatId } = await aliceAndBob();
    const b = connectProvider(server, bob, chatId);
    await whenSynced(b.provider);
    const raw = rawSocket(server, chatId, alice);
    await raw.opened;
    const room = server.chatRooms.roomOf(chatId);
    await waitFor(() => room?.connectionCount === 2, 'both sockets in the room');

    await createBlock(server.db, bob.user.id, alice.user.id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(room?.doc as Y.Doc));
    const before = Y.encodeStateVector(copy);
    const blocked = chatMessage(alice.user.id, 'Why did you block me?');
    addMessage(copy, blocked);
    raw.sendUpdate(Y.encodeStateAsUpdate(copy, before));

    expect(await raw.closed).toBe(CHAT_SOCKET_CLOSE.refused);
    await room?.settled();
    expect(messagesOf(room?.doc as Y.Doc).has(blocked.id)).toBe(false);
    expect(messagesOf(b.doc).has(blocked.id)).toBe(false);
    const stored = await server.db.selectFrom('notifications').select('id').where('chat_id', '=', chatId).execute();
    expect(stored).toEqual([]);
  });
});
