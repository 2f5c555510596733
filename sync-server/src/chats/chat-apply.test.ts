import { addMessage, type ChatMessage, messagesOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { openDatabase } from '../db/database.ts';
import { applyChatUpdate } from './chat-apply.ts';
import { createChatConnection } from './chat-connection.ts';
import { createChatMessageLimiter, DEFAULT_CHAT_MESSAGE_RATE } from './chat-message-rate.ts';
import { fakeSocket } from './chat-room.test-helpers.ts';

describe('applyChatUpdate', () => {
  it("hands the room the doc's own copy of a new message, not the inspection's", async () => {
    const { db } = openDatabase(':memory:');
    onTestFinished(() => db.destroy());
    const [aliceId, bobId] = [uuidv7(), uuidv7()];
    const chat = { id: uuidv7(), campusId: 'ou', memberIds: [aliceId, bobId] as const };
    const serverDoc = new Y.Doc();
    messagesOf(serverDoc);
    const clientDoc = new Y.Doc();
    const message: ChatMessage = {
      id: uuidv7(),
      authorId: aliceId,
      text: 'Is the desk still available?',
      createdAt: new Date().toISOString(),
      postId: null,
      attachment: null,
    };
    addMessage(clientDoc, message);
    const connection = createChatConnection(fakeSocket() as unknown as WebSocket, { id: aliceId, firstName: 'Alice' });

    const outcome = await applyChatUpdate(
      // No block re-check is due: the message is applied without a query.
      {
        db,
        doc: serverDoc,
        chat,
        connection,
        blockCheck: { checkedAt: Date.now() },
        limiter: createChatMessageLimiter(DEFAULT_CHAT_MESSAGE_RATE),
      },
      Y.encodeStateAsUpdate(clientDoc),
    );

    if (outcome.type !== 'applied') throw new Error(`not applied: ${outcome.type}`);
    const [event] = outcome.pending.events;
    expect(event?.message).toEqual(message);
    // The same object the doc holds: what the room keeps of it costs nothing beyond the doc.
    expect(event?.message).toBe(messagesOf(serverDoc).get(message.id));
  });
});
