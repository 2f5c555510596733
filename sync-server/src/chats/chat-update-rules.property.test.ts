import {
  addMessage,
  type ChatMessage,
  likesOf,
  markRead,
  messagesOf,
  readsOf,
  setLiked,
  sortedMessages,
} from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { seededRandom } from '../test/seeded-random.ts';
import { inspectChatUpdate } from './chat-update-rules.ts';

const ALICE = uuidv7();
const BOB = uuidv7();

/** What must never change when the server accepts an update from Alice. */
function bobsPart(doc: Y.Doc) {
  return {
    messages: sortedMessages(doc),
    bobLikes: [...likesOf(doc).keys()].filter((key) => key.endsWith(`:${BOB}`)).sort(),
    bobRead: readsOf(doc).get(BOB) ?? null,
    roots: [...doc.share.keys()].sort(),
  };
}

/**
 * Checks `update` as Alice's; when accepted, applies it to `server` and
 * asserts it only added Alice's messages and touched only her likes and read.
 */
function acceptIfAllowed(server: Y.Doc, update: Uint8Array): 'accepted' | 'refused' | 'unapplicable' {
  if (inspectChatUpdate(server, update, ALICE).outcome !== 'accepted') return 'refused';
  const kept = bobsPart(server);
  const messageCount = messagesOf(server).size;
  try {
    Y.applyUpdate(server, update);
  } catch {
    // Yjs itself could not apply it; the room would fail the doc and reload it from the log.
    return 'unapplicable';
  }
  const now = bobsPart(server);
  expect(now.bobLikes).toEqual(kept.bobLikes);
  expect(now.bobRead).toEqual(kept.bobRead);
  expect(now.roots).toEqual(['likes', 'messages', 'reads']);
  // Every earlier message is still there, unchanged; the new ones are Alice's.
  const isOld = (message: ChatMessage) => kept.messages.some((old) => old.id === message.id);
  expect(now.messages.filter(isOld)).toEqual(kept.messages);
  const added = now.messages.filter((message) => !isOld(message));
  expect(added.every((message) => message.authorId === ALICE)).toBe(true);
  expect(messagesOf(server).size).toBe(messageCount + added.length);
  return 'accepted';
}

describe('chat update rules against Yjs itself (seeded)', () => {
  it('whatever Alice sends, an accepted update only adds her messages and touches only her likes and read', () => {
    const random = seededRandom(Number(process.env.CHAT_RULES_SEED ?? 20261121));
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const server = new Y.Doc();
    const bob = new Y.Doc();
    const messageBy = (authorId: string): ChatMessage => ({
      id: uuidv7(),
      authorId,
      text: random() < 0.05 ? 'x'.repeat(501) : `text ${random()}`,
      createdAt: new Date().toISOString(),
      postId: null,
      attachment: null,
    });
    let accepted = 0;
    let refused = 0;

    for (let round = 0; round < 400; round++) {
      // Bob keeps talking, by the rules.
      addMessage(bob, messageBy(BOB));
      const known = [...messagesOf(bob).keys()];
      setLiked(bob, pick(known), BOB, random() < 0.5);
      markRead(bob, BOB, pick(known));
      Y.applyUpdate(server, Y.encodeStateAsUpdate(bob, Y.encodeStateVector(server)));

      // Alice, from a copy of the server's doc, does anything at all.
      const alice = new Y.Doc();
      Y.applyUpdate(alice, Y.encodeStateAsUpdate(server));
      const before = Y.encodeStateVector(alice);
      const ids = [...messagesOf(alice).keys()];
      const someone = pick([ALICE, ALICE, BOB, uuidv7()]);
      for (let edit = 0; edit < 1 + Math.floor(random() * 3); edit++) {
        const roll = random();
        if (roll < 0.25) addMessage(alice, messageBy(someone));
        else if (roll < 0.4) setLiked(alice, pick(ids), someone, random() < 0.6);
        else if (roll < 0.5) readsOf(alice).set(someone, pick(ids));
        else if (roll < 0.55) readsOf(alice).delete(someone);
        else if (roll < 0.62) messagesOf(alice).set(pick(ids), messageBy(ALICE));
        else if (roll < 0.67) messagesOf(alice).delete(pick(ids));
        else if (roll < 0.72) alice.getMap('other').set('x', 1);
        else if (roll < 0.77) likesOf(alice).set(`${pick(ids)}:${ALICE}`, new Y.Map() as unknown as true);
        else markRead(alice, ALICE, pick(ids));
      }
      let update = Y.encodeStateAsUpdate(alice, before);
      if (random() < 0.3) {
        // And sometimes bytes no Yjs would write.
        update = update.slice();
        for (let flip = 0; flip < 1 + Math.floor(random() * 3); flip++) {
          update[Math.floor(random() * update.length)] = Math.floor(random() * 256);
        }
      }

      const outcome = acceptIfAllowed(server, update);
      if (outcome === 'refused') refused += 1;
      if (outcome === 'accepted') accepted += 1;
      Y.applyUpdate(bob, Y.encodeStateAsUpdate(server, Y.encodeStateVector(bob)));
    }
    // The round must exercise both sides.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });

  it('and so for updates whose structs were rewritten: other origins, clocks, keys, contents, deletions', () => {
    const random = seededRandom(Number(process.env.CHAT_RULES_SEED ?? 20261121) + 1);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const server = new Y.Doc();
    const bob = new Y.Doc();
    const alice = new Y.Doc();
    const messageBy = (authorId: string): ChatMessage => ({
      id: uuidv7(),
      authorId,
      text: 'hi',
      createdAt: new Date().toISOString(),
      postId: null,
      attachment: null,
    });
    const outcomes = { accepted: 0, refused: 0, unapplicable: 0 };

    for (let round = 0; round < 400; round++) {
      addMessage(bob, messageBy(BOB));
      setLiked(bob, pick([...messagesOf(bob).keys()]), BOB, random() < 0.5);
      markRead(bob, BOB, pick([...messagesOf(bob).keys()]));
      Y.applyUpdate(server, Y.encodeStateAsUpdate(bob, Y.encodeStateVector(server)));
      Y.applyUpdate(alice, Y.encodeStateAsUpdate(server, Y.encodeStateVector(alice)));

      // Alice plays by the rules; then her update is taken apart and put together wrong.
      const before = Y.encodeStateVector(server);
      const ids = [...messagesOf(alice).keys()];
      const roll = random();
      if (roll < 0.4) addMessage(alice, messageBy(ALICE));
      else if (roll < 0.7) setLiked(alice, pick(ids), ALICE, random() < 0.5);
      else markRead(alice, ALICE, pick(ids));
      const honest = Y.encodeStateAsUpdate(alice, before);
      const outcome = acceptIfAllowed(server, rewrite(honest, server, random));
      outcomes[outcome] += 1;
      // Whatever happened, the honest version goes through, so Alice's copy and the server's agree.
      if (outcome !== 'accepted') acceptIfAllowed(server, honest);
      Y.applyUpdate(alice, Y.encodeStateAsUpdate(server, Y.encodeStateVector(alice)));
      Y.applyUpdate(bob, Y.encodeStateAsUpdate(server, Y.encodeStateVector(bob)));
    }
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});

/** A random id the server's doc holds. */
function knownId(server: Y.Doc, random: () => number): Y.ID | null {
  const clients = [...server.store.clients.keys()];
  if (clients.length === 0) return null;
  const client = clients[Math.floor(random() * clients.length)] as number;
  return Y.createID(client, Math.floor(random() * Y.getState(server.store, client)));
}

/** Re-encodes `update` (Yjs' own update format, v1) after changing one or two things in it. */
function rewrite(update: Uint8Array, server: Y.Doc, random: () => number): Uint8Array {
  const { structs, ds } = Y.decodeUpdate(update);
  const groups = new Map<number, { clock: number; items: Y.Item[] }>();
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const group = groups.get(struct.id.client) ?? { clock: struct.id.clock, items: [] };
    group.items.push(struct);
    groups.set(struct.id.client, group);
  }
  const items = [...groups.values()].flatMap((group) => group.items);
  for (let change = 0; change < 1 + Math.floor(random() * 2); change++) {
    const item = items[Math.floor(random() * items.length)];
    const roll = random();
    if (!item) break;
    if (roll < 0.2) {
      item.origin = knownId(server, random);
    } else if (roll < 0.3) {
      item.rightOrigin = knownId(server, random);
    } else if (roll < 0.5) {
      // Start earlier, over structs the server knows; sometimes long enough to reach past them.
      const group = groups.get(item.id.client);
      const shift = 1 + Math.floor(random() * 3);
      if (group) group.clock = Math.max(0, group.clock - shift);
      const first = group?.items[0];
      if (first && random() < 0.5) first.content = new Y.ContentDeleted(shift + 1 + Math.floor(random() * 2));
    } else if (roll < 0.65) {
      item.content = new Y.ContentDeleted(1 + Math.floor(random() * 3));
    } else if (roll < 0.85) {
      item.origin = null;
      item.rightOrigin = null;
      (item as { parent: unknown }).parent = ['messages', 'likes', 'reads', 'other'][Math.floor(random() * 4)];
      const someMessage = [...messagesOf(server).keys()][0] ?? 'none';
      item.parentSub = [BOB, ALICE, someMessage, `${someMessage}:${BOB}`, `${someMessage}:${ALICE}`][
        Math.floor(random() * 5)
      ] as string;
    } else {
      const id = knownId(server, random);
      if (id) ds.clients.set(id.client, [...(ds.clients.get(id.client) ?? []), { clock: id.clock, len: 1 } as never]);
    }
  }
  const encoder = new Y.UpdateEncoderV1();
  encoding.writeVarUint(encoder.restEncoder, groups.size);
  for (const [client, group] of groups) {
    encoding.writeVarUint(encoder.restEncoder, group.items.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, group.clock);
    for (const item of group.items) item.write(encoder, 0);
  }
  encoding.writeVarUint(encoder.restEncoder, ds.clients.size);
  for (const [client, ranges] of ds.clients) {
    encoder.resetDsCurVal();
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, ranges.length);
    for (const range of ranges) {
      encoder.writeDsClock(range.clock);
      encoder.writeDsLen(range.len);
    }
  }
  return encoder.toUint8Array();
}
