import {
  addMessage,
  type ChatMessage,
  likeKey,
  likesOf,
  markRead,
  messagesOf,
  readsOf,
  setLiked,
} from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { inspectChatUpdate } from './chat-update-rules.ts';

const ALICE = uuidv7();
const BOB = uuidv7();

function message(
  authorId: string,
  text = 'Is the desk still available?',
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: uuidv7(),
    authorId,
    text,
    createdAt: new Date().toISOString(),
    postId: null,
    attachment: null,
    ...extra,
  };
}

/** The server's copy and one client per user, each starting from the server's state. */
function setUp() {
  const server = new Y.Doc();
  const clients = { alice: new Y.Doc(), bob: new Y.Doc() };
  return { server, ...clients };
}

/** What `client` would send: everything the server lacks. */
function diff(client: Y.Doc, server: Y.Doc): Uint8Array {
  return Y.encodeStateAsUpdate(client, Y.encodeStateVector(server));
}

/** Accepted edits travel server → client as they would over the socket. */
function deliver(from: Y.Doc, to: Y.Doc) {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));
}

/** `edit` on `client`, checked as `senderId`; applied to the server when accepted. */
function send(server: Y.Doc, client: Y.Doc, senderId: string, edit: (doc: Y.Doc) => void) {
  deliver(server, client);
  edit(client);
  const update = diff(client, server);
  const verdict = inspectChatUpdate(server, update, senderId);
  if (verdict.outcome === 'accepted') Y.applyUpdate(server, update);
  return verdict;
}

describe('chat update rules: what a member may do', () => {
  it('accepts a message authored by the sender and reports it', () => {
    const { server, alice } = setUp();
    const first = message(ALICE);
    const verdict = send(server, alice, ALICE, (doc) => addMessage(doc, first));
    expect(verdict).toEqual({ outcome: 'accepted', change: { messages: [first], likeKeys: [], isReadTouched: false } });
    expect(messagesOf(server).get(first.id)).toEqual(first);
  });

  it('accepts likes and unlikes as the sender, and moves of its own read position', () => {
    const { server, alice, bob } = setUp();
    const question = message(ALICE);
    send(server, alice, ALICE, (doc) => addMessage(doc, question));
    const key = likeKey(question.id, BOB);
    expect(send(server, bob, BOB, (doc) => setLiked(doc, question.id, BOB, true))).toMatchObject({
      outcome: 'accepted',
      change: { likeKeys: [key] },
    });
    expect(likesOf(server).get(key)).toBe(true);
    expect(send(server, bob, BOB, (doc) => setLiked(doc, question.id, BOB, false))).toMatchObject({
      outcome: 'accepted',
      change: { likeKeys: [key] },
    });
    expect(likesOf(server).has(key)).toBe(false);
    expect(send(server, bob, BOB, (doc) => markRead(doc, BOB, question.id))).toMatchObject({
      change: { isReadTouched: true },
    });
    const answer = message(ALICE, 'Yes!');
    send(server, alice, ALICE, (doc) => addMessage(doc, answer));
    expect(send(server, bob, BOB, (doc) => markRead(doc, BOB, answer.id)).outcome).toBe('accepted');
    expect(readsOf(server).get(BOB)).toBe(answer.id);
  });

  it('accepts a whole offline session at once: messages, a like and unlike of one, reads', () => {
    const { server, alice, bob } = setUp();
    const question = message(ALICE);
    send(server, alice, ALICE, (doc) => addMessage(doc, question));
    deliver(server, bob);
    const replies = [message(BOB, 'Yes'), message(BOB, 'Come by at 5')];
    for (const reply of replies) addMessage(bob, reply);
    setLiked(bob, question.id, BOB, true);
    setLiked(bob, question.id, BOB, false);
    setLiked(bob, question.id, BOB, true);
    markRead(bob, BOB, question.id);
    markRead(bob, BOB, replies[1]?.id ?? '');
    const verdict = inspectChatUpdate(server, diff(bob, server), BOB);
    expect(verdict.outcome).toBe('accepted');
    Y.applyUpdate(server, diff(bob, server));
    expect(messagesOf(server).size).toBe(3);
    expect(likesOf(server).get(likeKey(question.id, BOB))).toBe(true);
  });

  it("lets a full sync repeat deletions of the other member's likes and reads that are already applied", () => {
    const { server, alice, bob } = setUp();
    const question = message(ALICE);
    send(server, alice, ALICE, (doc) => addMessage(doc, question));
    send(server, bob, BOB, (doc) => setLiked(doc, question.id, BOB, true));
    send(server, bob, BOB, (doc) => setLiked(doc, question.id, BOB, false));
    send(server, bob, BOB, (doc) => markRead(doc, BOB, question.id));
    send(server, bob, BOB, (doc) => markRead(doc, BOB, `${question.id}z`));
    deliver(server, alice);
    // Alice's whole state, deletions of Bob's entries included, as a fresh sync sends it.
    expect(inspectChatUpdate(server, Y.encodeStateAsUpdate(alice), ALICE).outcome).toBe('accepted');
  });

  it('answers missing for an update built on structs the server has not seen', () => {
    const { server, alice } = setUp();
    addMessage(alice, message(ALICE));
    const afterFirst = Y.encodeStateVector(alice);
    addMessage(alice, message(ALICE, 'second'));
    const onlySecond = Y.encodeStateAsUpdate(alice, afterFirst);
    expect(inspectChatUpdate(server, onlySecond, ALICE)).toEqual({ outcome: 'missing' });
  });
});

describe('chat update rules: what is refused', () => {
  function refusal(senderId: string, edit: (doc: Y.Doc) => void, prepare?: (server: Y.Doc) => void) {
    const { server, alice } = setUp();
    prepare?.(server);
    return send(server, alice, senderId, edit);
  }

  function withMessageBy(authorId: string) {
    const existing = message(authorId);
    const prepare = (server: Y.Doc) => addMessage(server, existing);
    return { existing, prepare };
  }

  it('a message with a forged author', () => {
    expect(refusal(ALICE, (doc) => addMessage(doc, message(BOB)))).toEqual({
      outcome: 'refused',
      reason: 'message authored by someone else',
    });
  });

  it('a like or an unlike on behalf of someone else', () => {
    const { existing, prepare } = withMessageBy(ALICE);
    expect(refusal(ALICE, (doc) => setLiked(doc, existing.id, BOB, true), prepare)).toMatchObject({
      reason: 'like on behalf of someone else',
    });
    const { server, alice, bob } = setUp();
    send(server, alice, ALICE, (doc) => addMessage(doc, existing));
    send(server, bob, BOB, (doc) => setLiked(doc, existing.id, BOB, true));
    expect(send(server, alice, ALICE, (doc) => setLiked(doc, existing.id, BOB, false))).toMatchObject({
      outcome: 'refused',
      reason: 'like on behalf of someone else',
    });
    expect(likesOf(server).get(likeKey(existing.id, BOB))).toBe(true);
  });

  it('a like of a message that does not exist, or a like that is not true', () => {
    expect(refusal(ALICE, (doc) => setLiked(doc, uuidv7(), ALICE, true)).outcome).toBe('refused');
    const { existing, prepare } = withMessageBy(BOB);
    const odd = (doc: Y.Doc) => likesOf(doc).set(likeKey(existing.id, ALICE), 'yes' as unknown as true);
    expect(refusal(ALICE, odd, prepare)).toMatchObject({ reason: 'like that is not true' });
  });

  it('an overwrite of a message, by the author or anyone, synced or not', () => {
    const { server, alice, bob } = setUp();
    const original = message(ALICE);
    send(server, alice, ALICE, (doc) => addMessage(doc, original));
    const rewrite = (doc: Y.Doc) => addMessage(doc, { ...original, text: 'edited' });
    expect(send(server, alice, ALICE, rewrite)).toMatchObject({ outcome: 'refused' });
    // A doc that never saw the original writes the same key from scratch.
    expect(inspectChatUpdate(server, Y.encodeStateAsUpdate(withEdit(rewrite)), ALICE)).toMatchObject({
      outcome: 'refused',
      reason: 'message overwritten',
    });
    expect(send(server, bob, BOB, (doc) => addMessage(doc, { ...original, authorId: BOB }))).toMatchObject({
      outcome: 'refused',
    });
    expect(messagesOf(server).get(original.id)?.text).toBe(original.text);
  });

  it('a deleted message', () => {
    const { server, alice } = setUp();
    const original = message(ALICE);
    send(server, alice, ALICE, (doc) => addMessage(doc, original));
    expect(send(server, alice, ALICE, (doc) => messagesOf(doc).delete(original.id))).toEqual({
      outcome: 'refused',
      reason: 'message deleted',
    });
    expect(messagesOf(server).has(original.id)).toBe(true);
  });

  it('another root type, a list in a chat root, and nested Yjs types', () => {
    expect(refusal(ALICE, (doc) => doc.getMap('admin').set('role', 'owner'))).toMatchObject({
      reason: 'unknown root type admin',
    });
    expect(refusal(ALICE, (doc) => doc.getText('notes').insert(0, 'hi')).outcome).toBe('refused');
    expect(refusal(ALICE, (doc) => doc.getArray('messages').insert(0, ['x']))).toMatchObject({ reason: 'list insert' });
    const nested = new Y.Map<unknown>();
    expect(refusal(ALICE, (doc) => messagesOf(doc).set(uuidv7(), nested as unknown as ChatMessage))).toMatchObject({
      outcome: 'refused',
    });
    const { existing, prepare } = withMessageBy(BOB);
    const nestedLike = (doc: Y.Doc) => likesOf(doc).set(likeKey(existing.id, ALICE), new Y.Map() as unknown as true);
    expect(refusal(ALICE, nestedLike, prepare)).toMatchObject({ reason: 'likes holds a value that is not plain data' });
  });

  it('a move of the other member’s read position', () => {
    expect(refusal(ALICE, (doc) => markRead(doc, BOB, uuidv7()))).toEqual({
      outcome: 'refused',
      reason: 'read position of someone else',
    });
    const { server, alice, bob } = setUp();
    send(server, bob, BOB, (doc) => markRead(doc, BOB, 'a'));
    expect(send(server, alice, ALICE, (doc) => readsOf(doc).delete(BOB)).outcome).toBe('refused');
  });

  it('text over 500 characters counted as posts count them (a line break is 3)', () => {
    expect(refusal(ALICE, (doc) => addMessage(doc, message(ALICE, 'x'.repeat(500)))).outcome).toBe('accepted');
    expect(refusal(ALICE, (doc) => addMessage(doc, message(ALICE, 'x'.repeat(501))))).toMatchObject({
      reason: 'message text is too long',
    });
    const lines = `${'x'.repeat(497)}\n`; // 498 characters, counted 500
    expect(refusal(ALICE, (doc) => addMessage(doc, message(ALICE, lines))).outcome).toBe('accepted');
    expect(refusal(ALICE, (doc) => addMessage(doc, message(ALICE, `${lines}y`))).outcome).toBe('refused');
  });

  it('an empty message, a badly shaped one, an id that is not its key', () => {
    expect(refusal(ALICE, (doc) => addMessage(doc, message(ALICE, '  ')))).toMatchObject({
      reason: 'message is empty',
    });
    const extra = { ...message(ALICE), isAdmin: true } as ChatMessage;
    expect(refusal(ALICE, (doc) => addMessage(doc, extra))).toMatchObject({ reason: 'not a message' });
    const wrongKey = (doc: Y.Doc) => messagesOf(doc).set(uuidv7(), message(ALICE));
    expect(refusal(ALICE, wrongKey)).toMatchObject({ reason: 'message id does not match its key' });
    const badAttachment = message(ALICE, '', {
      attachment: { uploadId: 'x', kind: 'image', url: '/a', thumbUrl: '/a', width: 1, height: 1, placeholder: null },
    });
    expect(refusal(ALICE, (doc) => addMessage(doc, badAttachment)).outcome).toBe('refused');
  });

  it('structs under a Yjs client id that already belongs to someone else', () => {
    const { server, bob } = setUp();
    send(server, bob, BOB, (doc) => addMessage(doc, message(BOB)));
    const impostor = new Y.Doc();
    deliver(server, impostor);
    impostor.clientID = bob.clientID; // Bob's next clocks, taken before Bob uses them
    addMessage(impostor, message(ALICE));
    expect(inspectChatUpdate(server, diff(impostor, server), ALICE)).toEqual({
      outcome: 'refused',
      reason: 'client id of another user',
    });
  });

  it("a struct that overlaps the sender's known message so that its rest would replace it", () => {
    const { server, alice } = setUp();
    const mine = message(ALICE, 'mine');
    send(server, alice, ALICE, (doc) => addMessage(doc, mine));
    // Hand-written (Yjs never makes one): Alice's clock 0..1 as one removed like, of which the
    // server knows clock 0 (the message); Yjs would put clock 1 after it, under messages[mine.id].
    const encoder = encoding.createEncoder();
    for (const number of [1, 1, alice.clientID, 0]) encoding.writeVarUint(encoder, number);
    encoding.writeUint8(encoder, 0x21); // ContentDeleted, with a parent key
    encoding.writeVarUint(encoder, 1); // the parent is a root type, by name
    encoding.writeVarString(encoder, 'likes');
    encoding.writeVarString(encoder, likeKey(mine.id, ALICE));
    encoding.writeVarUint(encoder, 2); // two clocks long
    for (const number of [1, alice.clientID, 1, 1, 1]) encoding.writeVarUint(encoder, number); // clock 1 deleted
    expect(inspectChatUpdate(server, encoding.toUint8Array(encoder), ALICE)).toEqual({
      outcome: 'refused',
      reason: 'overlaps another entry',
    });
  });

  it('bytes that are not a Yjs update', () => {
    const { server } = setUp();
    expect(inspectChatUpdate(server, new Uint8Array([1, 200, 7]), ALICE)).toMatchObject({ outcome: 'refused' });
  });
});

function withEdit(edit: (doc: Y.Doc) => void): Y.Doc {
  const doc = new Y.Doc();
  edit(doc);
  return doc;
}
