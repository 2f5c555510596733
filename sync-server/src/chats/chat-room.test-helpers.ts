import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { createLogger } from '../http/logger.ts';
import { createMembers } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';
import { encodeUpdateMessage } from './chat-protocol.ts';
import { createChatRooms } from './chat-rooms.ts';
import { findMemberChat, findOrCreateChat } from './chats.repository.ts';

/** Stands in for a `ws` socket: the room only sends, closes and listens. */
export function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    CONNECTING: 0,
    readyState: 1,
    sent: [] as Uint8Array[],
    closeCode: null as number | null,
    send(data: Uint8Array) {
      socket.sent.push(data);
    },
    close(code = 1005) {
      socket.readyState = 3;
      socket.closeCode = code;
      socket.emit('close');
    },
  });
  return socket;
}

/** A chat between two new members and its rooms, with Alice joined through a fake socket. */
export async function setUpRoom(app: TestApp, options: { compactAfterRows?: number; idleMs?: number } = {}) {
  const [alice, bob] = await createMembers(app, 2);
  const { chatId } = await findOrCreateChat(app.db, 'ou', alice.user.id, bob.user.id);
  const chat = await findMemberChat(app.db, chatId, alice.user.id, 'ou');
  if (!chat) throw new Error('no chat');
  const rooms = createChatRooms({ db: app.db, logger: createLogger('silent'), ...options });
  const socket = fakeSocket();
  rooms.join(chat, { id: alice.user.id, firstName: 'Alice' }, socket as unknown as WebSocket);
  /** Alice's own copy; each edit goes to the server as its own update message. */
  const doc = new Y.Doc();
  doc.on('update', (update: Uint8Array) => socket.emit('message', Buffer.from(encodeUpdateMessage(update))));
  return { rooms, chat, chatId, socket, doc, alice, bob, aliceId: alice.user.id };
}
