import { messagesOf, readsOf } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { ChatSender, PendingUpdate } from './chat-apply.ts';
import { planChatBatch, relayFrameFor } from './chat-batch.ts';
import { metadataStateOf } from './chat-metadata.ts';
import { readChatSocketMessage } from './chat-protocol.ts';
import { chatMessage } from './chat-socket.test-helpers.ts';

// What a batch stores and relays, worked out without a database or a socket.

const aliceId = uuidv7();
const bobId = uuidv7();
const alice: ChatSender = { userId: aliceId, firstName: 'Alice' };
const bob: ChatSender = { userId: bobId, firstName: 'Bob' };
const chat = { id: uuidv7(), campusId: 'ou', memberIds: [aliceId, bobId] as const };

function pendingOf(sender: ChatSender, fields: Partial<PendingUpdate> = {}): PendingUpdate {
  return { sender, update: new Uint8Array([0, 0]), events: [], readMoverId: null, ...fields };
}

describe('planChatBatch', () => {
  it("stores every update as received, the batch's last message and notifications, and both unread flags", () => {
    const doc = new Y.Doc();
    const state = metadataStateOf(chat, messagesOf(doc));
    const first = chatMessage(aliceId, 'Is the desk still available?', Date.now() - 1000);
    const second = chatMessage(aliceId, 'I can pick it up today.');
    const batch = [
      pendingOf(alice, { update: new Uint8Array([1]), events: [{ type: 'message', message: first }] }),
      pendingOf(alice, { update: new Uint8Array([2]), events: [{ type: 'message', message: second }] }),
    ];

    const record = planChatBatch(state, readsOf(doc), batch);

    expect(record.updates).toEqual([new Uint8Array([1]), new Uint8Array([2])]);
    expect(record.plan.lastMessage).toBe('I can pick it up today.');
    expect(record.plan.notifications.map((notification) => [notification.type, notification.toUserId])).toEqual([
      ['new chat', bobId],
      ['message', bobId],
    ]);
    expect(record.reads).toEqual([]);
    expect(record.unread).toEqual([
      [aliceId, false],
      [bobId, true],
    ]);
    // The state follows the batch: the newest message and the count.
    expect(state.newest).toBe(second);
    expect(state.messageCount).toBe(2);
  });

  it('records where a member who moved their read is now, once, and leaves the flags alone without a read or message', () => {
    const doc = new Y.Doc();
    const message = chatMessage(aliceId, 'Hi');
    readsOf(doc).set(bobId, message.id);
    const state = metadataStateOf(chat, messagesOf(doc));

    const moved = planChatBatch(state, readsOf(doc), [
      pendingOf(bob, { readMoverId: bobId }),
      pendingOf(bob, { readMoverId: bobId }),
    ]);
    const still = planChatBatch(state, readsOf(doc), [pendingOf(bob)]);

    expect(moved.reads).toEqual([[bobId, message.id]]);
    expect(moved.unread).toEqual([
      [aliceId, false],
      [bobId, false],
    ]);
    expect(still.reads).toEqual([]);
    expect(still.unread).toBeNull();
    expect(still.plan.lastMessage).toBeUndefined();
  });
});

describe('relayFrameFor', () => {
  it("relays to each socket only the others' updates, merged into one update message", () => {
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (update: Uint8Array) => updates.push(update));
    messagesOf(source).set('a', chatMessage(aliceId, 'one'));
    messagesOf(source).set('b', chatMessage(aliceId, 'two'));
    const batch = [
      pendingOf(alice, { update: updates[0] as Uint8Array }),
      pendingOf(alice, { update: updates[1] as Uint8Array }),
    ];

    expect(relayFrameFor(batch, alice)).toBeNull();
    const frame = relayFrameFor(batch, bob);
    if (!frame) throw new Error('nothing relayed');
    const message = readChatSocketMessage(frame);
    if (message.type !== 'update') throw new Error(`relayed ${message.type}`);
    const received = new Y.Doc();
    Y.applyUpdate(received, message.update);
    expect([...messagesOf(received).keys()].sort()).toEqual(['a', 'b']);
  });
});
