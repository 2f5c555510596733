import { addMessage, type ChatMessage, markRead, messagesOf, readsOf, setLiked } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { type ApplyOutcome, applyChatUpdate, type ChatApplyContext, type ChatSender } from './chat-apply.ts';
import { createChatMessageLimiter, DEFAULT_CHAT_MESSAGE_RATE } from './chat-message-rate.ts';
import { chatMessage } from './chat-socket.test-helpers.ts';

// The apply step on its own: no database, no socket. The queries it may ask are stand-ins that say what they were asked.

const aliceId = uuidv7();
const bobId = uuidv7();
const alice: ChatSender = { userId: aliceId, firstName: 'Alice' };
const bob: ChatSender = { userId: bobId, firstName: 'Bob' };

/** A message as the app writes it, with the text the room tests use. */
function messageOf(authorId: string, fields: Partial<ChatMessage> = {}): ChatMessage {
  return { ...chatMessage(authorId, 'Is the desk still available?'), ...fields };
}

/** The server's doc as a room holds it, with the queries answering as told and counting their calls. */
function serverRoom(answers: { isBlocked?: boolean; referenceProblem?: string | null; checkedAt?: number } = {}) {
  const doc = new Y.Doc();
  messagesOf(doc);
  readsOf(doc);
  const asked = { isBlocked: 0, references: [] as ChatMessage[] };
  const context: ChatApplyContext = {
    doc,
    chatStartedAt: Date.now(),
    // No block re-check is due unless a test says when the last one was.
    blockCheck: { checkedAt: answers.checkedAt ?? Date.now() },
    limiter: createChatMessageLimiter(DEFAULT_CHAT_MESSAGE_RATE),
    isBlocked() {
      asked.isBlocked += 1;
      return answers.isBlocked ?? false;
    },
    async referenceProblem(message) {
      asked.references.push(message);
      return answers.referenceProblem ?? null;
    },
  };
  return { doc, context, asked };
}

/** A client's edit as the one update it sends, built on what the server already has. */
function clientUpdate(server: Y.Doc, edit: (client: Y.Doc) => void): Uint8Array {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const before = Y.encodeStateVector(client);
  edit(client);
  return Y.encodeStateAsUpdate(client, before);
}

async function applied(outcome: ApplyOutcome | Promise<ApplyOutcome>) {
  const answer = await outcome;
  if (answer.type !== 'applied') throw new Error(`not applied: ${answer.type}`);
  return answer.pending;
}

describe('applyChatUpdate', () => {
  it("hands the room the doc's own copy of a new message, not the inspection's", async () => {
    const { doc: serverDoc, context } = serverRoom();
    const message = messageOf(aliceId);
    const update = clientUpdate(serverDoc, (client) => addMessage(client, message));

    const pending = await applied(applyChatUpdate(context, alice, update));

    const [event] = pending.events;
    expect(event?.message).toEqual(message);
    // The same object the doc holds: what the room keeps of it costs nothing beyond the doc.
    expect(event?.message).toBe(messagesOf(serverDoc).get(message.id));
  });

  it('applies a plain message at once, answering the bytes received, its sender and no read moved', () => {
    const { doc, context, asked } = serverRoom();
    const message = messageOf(aliceId);
    const update = clientUpdate(doc, (client) => addMessage(client, message));

    const outcome = applyChatUpdate(context, alice, update);

    // Synchronous: no query, no promise.
    expect(outcome).not.toBeInstanceOf(Promise);
    expect(outcome).toEqual({
      type: 'applied',
      pending: { sender: alice, update, events: [{ type: 'message', message }], readMoverId: null },
    });
    expect(messagesOf(doc).get(message.id)).toEqual(message);
    expect(asked).toEqual({ isBlocked: 0, references: [] });
  });

  it('answers a like that changed something as an event, and a read position that moved as its mover', async () => {
    const { doc, context } = serverRoom();
    const message = messageOf(aliceId);
    await applied(
      applyChatUpdate(
        context,
        alice,
        clientUpdate(doc, (client) => addMessage(client, message)),
      ),
    );

    const like = await applied(
      applyChatUpdate(
        context,
        bob,
        clientUpdate(doc, (client) => setLiked(client, message.id, bobId, true)),
      ),
    );
    const read = await applied(
      applyChatUpdate(
        context,
        bob,
        clientUpdate(doc, (client) => markRead(client, bobId, message.id)),
      ),
    );

    expect(like.events).toEqual([{ type: 'like', message, likerId: bobId, likerFirstName: 'Bob', isLiked: true }]);
    expect(like.readMoverId).toBeNull();
    expect(read.events).toEqual([]);
    expect(read.readMoverId).toBe(bobId);
    expect(readsOf(doc).get(bobId)).toBe(message.id);
  });

  it('answers an update the doc already holds as known', async () => {
    const { doc, context } = serverRoom();
    const update = clientUpdate(doc, (client) => addMessage(client, messageOf(aliceId)));
    await applied(applyChatUpdate(context, alice, update));

    expect(applyChatUpdate(context, alice, update)).toEqual({ type: 'known' });
  });

  it('refuses a message written as the other member, leaving the doc as it was', () => {
    const { doc, context } = serverRoom();
    const update = clientUpdate(doc, (client) => addMessage(client, messageOf(bobId)));

    const outcome = applyChatUpdate(context, alice, update);

    expect(outcome).toMatchObject({ type: 'refused' });
    expect(messagesOf(doc).size).toBe(0);
  });

  it('answers an update built on structs the server lacks as missing', () => {
    const { doc, context } = serverRoom();
    const client = new Y.Doc();
    addMessage(client, messageOf(aliceId));
    const before = Y.encodeStateVector(client);
    // Only the second message goes out: it follows the first in the client's clock, which the server never saw.
    addMessage(client, messageOf(aliceId));

    expect(applyChatUpdate(context, alice, Y.encodeStateAsUpdate(client, before))).toEqual({ type: 'missing' });
    expect(messagesOf(doc).size).toBe(0);
  });

  it('asks the sender to slow down past its message rate, and applies nothing', () => {
    const { doc, context } = serverRoom();
    context.limiter = { take: () => false };
    const update = clientUpdate(doc, (client) => addMessage(client, messageOf(aliceId)));

    expect(applyChatUpdate(context, alice, update)).toEqual({ type: 'slowDown' });
    expect(messagesOf(doc).size).toBe(0);
  });

  it('asks whether the members blocked each other once the last check is a second old, and refuses if so', () => {
    const due = serverRoom({ isBlocked: true, checkedAt: Date.now() - 1500 });
    const update = clientUpdate(due.doc, (client) => addMessage(client, messageOf(aliceId)));

    expect(applyChatUpdate(due.context, alice, update)).toEqual({ type: 'refused', reason: 'members blocked' });
    expect(due.asked.isBlocked).toBe(1);
    expect(messagesOf(due.doc).size).toBe(0);

    const notDue = serverRoom({ isBlocked: true });
    expect(applyChatUpdate(notDue.context, alice, update)).toMatchObject({ type: 'applied' });
    expect(notDue.asked.isBlocked).toBe(0);
  });

  it("asks about a shared post before applying the message, and refuses it on the answer's problem", async () => {
    const postId = uuidv7();
    const refusing = serverRoom({ referenceProblem: 'shared post of another campus or none' });
    const message = messageOf(aliceId, { text: '', postId });
    const update = clientUpdate(refusing.doc, (client) => addMessage(client, message));

    expect(await applyChatUpdate(refusing.context, alice, update)).toEqual({
      type: 'refused',
      reason: 'shared post of another campus or none',
    });
    expect(refusing.asked.references).toEqual([message]);
    expect(messagesOf(refusing.doc).size).toBe(0);

    const accepting = serverRoom();
    const pending = await applied(applyChatUpdate(accepting.context, alice, update));
    expect(pending.events).toEqual([{ type: 'message', message }]);
  });
});
