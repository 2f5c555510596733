import { CHAT_ROOTS, type ChatMessage, likesOf, messagesOf, readsOf } from '@campus/shared/chat-doc';
import * as Y from 'yjs';
import { chatMessageProblem } from './chat-message-shape.ts';

/**
 * The server's check of one incoming Yjs update against its copy of the
 * conversation (issue 6, DESIGN.md "validates every update"; decision 014).
 * Pure and synchronous: it decodes the update and looks at every struct and
 * every deletion without applying anything, so a refused update leaves no
 * trace. A sender may only
 * - add a new key to `messages` whose value is a valid message authored by
 *   itself (never overwrite or delete one),
 * - set or delete `likes[messageId:itself]` for a message that exists,
 * - set or delete `reads[itself]`,
 * and only with Yjs client ids that are its own (a client id first used by
 * someone else would let it take that user's next clocks).
 */

type Root = (typeof CHAT_ROOTS)[keyof typeof CHAT_ROOTS];
interface Slot {
  root: Root;
  key: string;
}

/** What an accepted update may change; the caller compares before and after applying it. */
export interface ChatChange {
  messages: ChatMessage[];
  likeKeys: string[];
  isReadTouched: boolean;
}

export type ChatUpdateVerdict =
  | { outcome: 'accepted'; change: ChatChange }
  /** It builds on structs the server has not seen (yet): drop it, ask the client to sync again. */
  | { outcome: 'missing' }
  | { outcome: 'refused'; reason: string };

class Refusal extends Error {}
class Missing extends Error {}

const ROOT_NAMES = new Set<string>(Object.values(CHAT_ROOTS));

/** A chat doc's three roots, and which is which by type. */
export interface ChatRoots {
  messages: Y.Map<ChatMessage>;
  likes: Y.Map<true>;
  reads: Y.Map<string>;
  byType: Map<unknown, Root>;
}

const rootsOfDoc = new WeakMap<Y.Doc, ChatRoots>();

/** Looked up once per doc: Yjs's getMap allocates on every call, and every update needs all three. */
export function chatRootsOf(doc: Y.Doc): ChatRoots {
  let roots = rootsOfDoc.get(doc);
  if (!roots) {
    const messages = messagesOf(doc);
    const likes = likesOf(doc);
    const reads = readsOf(doc);
    const byType = new Map<unknown, Root>([
      [messages, 'messages'],
      [likes, 'likes'],
      [reads, 'reads'],
    ]);
    roots = { messages, likes, reads, byType };
    rootsOfDoc.set(doc, roots);
  }
  return roots;
}

const MAX_READ_VALUE = 100;

export function inspectChatUpdate(
  doc: Y.Doc,
  update: Uint8Array,
  senderId: string,
  chatStartedAt: number | null = null,
): ChatUpdateVerdict {
  try {
    return { outcome: 'accepted', change: new UpdateInspection(doc, senderId, chatStartedAt).run(update) };
  } catch (error) {
    if (error instanceof Missing) return { outcome: 'missing' };
    if (error instanceof Refusal) return { outcome: 'refused', reason: error.message };
    // Bytes Yjs cannot decode: never applied.
    return { outcome: 'refused', reason: 'malformed update' };
  }
}

/** The user a struct of the server's doc belongs to, from its key or its message's author. */
function ownerOfSlot(slot: Slot, item: Y.Item): string | null {
  if (slot.root === 'reads') return slot.key;
  if (slot.root === 'likes') return slot.key.slice(slot.key.indexOf(':') + 1);
  const content = item.content;
  if (content instanceof Y.ContentAny) return (content.arr[0] as Partial<ChatMessage> | undefined)?.authorId ?? null;
  return null;
}

class UpdateInspection {
  private readonly store: Y.Doc['store'];
  private readonly roots: Map<unknown, Root>;
  private readonly messageMap: Map<string, Y.Item>;
  private readonly updateItems = new Map<number, Y.Item[]>();
  private readonly slots = new Map<Y.Item, Slot | 'resolving'>();
  private readonly newMessageKeys = new Set<string>();
  private readonly change: ChatChange = { messages: [], likeKeys: [], isReadTouched: false };

  constructor(
    doc: Y.Doc,
    private readonly senderId: string,
    private readonly chatStartedAt: number | null,
  ) {
    this.store = doc.store;
    const roots = chatRootsOf(doc);
    this.roots = roots.byType;
    this.messageMap = roots.messages._map;
  }

  run(update: Uint8Array): ChatChange {
    const { structs, ds } = Y.decodeUpdate(update);
    const fresh: Y.Item[] = [];
    const expected = new Map<number, number>();
    for (const struct of structs) {
      const { client, clock } = struct.id;
      // Yjs creates a named root type while decoding, even for a struct it then skips as known.
      const parent: unknown = struct instanceof Y.Item ? struct.parent : null;
      if (typeof parent === 'string' && !ROOT_NAMES.has(parent)) {
        throw new Refusal(`unknown root type ${parent.slice(0, 40)}`);
      }
      const serverState = Y.getState(this.store, client);
      const next = expected.get(client) ?? serverState;
      expected.set(client, Math.max(next, clock + struct.length));
      if (clock + struct.length <= serverState) continue; // already known: applying it changes nothing
      if (clock > next || struct instanceof Y.Skip) throw new Missing();
      if (!(struct instanceof Y.Item)) throw new Refusal('garbage-collected struct');
      let items = this.updateItems.get(client);
      if (!items) {
        this.checkClientOwner(client);
        items = [];
        this.updateItems.set(client, items);
      }
      items.push(struct);
      fresh.push(struct);
    }
    for (const item of fresh) this.checkItem(item);
    this.checkDeletions(ds);
    return this.change;
  }

  /** A client id already in the server's doc must be one of the sender's. */
  private checkClientOwner(client: number) {
    const first = this.store.clients.get(client)?.[0];
    if (first === undefined) return;
    const slot = first instanceof Y.Item ? this.storeSlot(first) : null;
    if (!slot || !(first instanceof Y.Item) || ownerOfSlot(slot, first) !== this.senderId) {
      throw new Refusal('client id of another user');
    }
  }

  private checkItem(item: Y.Item) {
    const slot = this.slotOf(item);
    const content = item.content;
    const isRemoved = content instanceof Y.ContentDeleted;
    const isValue = content instanceof Y.ContentAny && content.arr.length === 1;
    if (!isRemoved && !isValue) throw new Refusal(`${slot.root} holds a value that is not plain data`);
    const value: unknown = isValue ? (content as Y.ContentAny).arr[0] : undefined;
    if (slot.root === 'messages') {
      if (item.origin !== null || isRemoved) throw new Refusal('message overwritten or removed');
      if (this.messageMap.has(slot.key) || this.newMessageKeys.has(slot.key)) throw new Refusal('message overwritten');
      const problem = chatMessageProblem(value, slot.key, this.senderId, {
        now: Date.now(),
        chatStartedAt: this.chatStartedAt,
      });
      if (problem) throw new Refusal(problem);
      this.newMessageKeys.add(slot.key);
      this.change.messages.push(value as ChatMessage);
    } else if (slot.root === 'likes') {
      this.checkOwnLikeKey(slot.key);
      if (!isRemoved && value !== true) throw new Refusal('like that is not true');
      this.change.likeKeys.push(slot.key);
    } else {
      if (slot.key !== this.senderId) throw new Refusal('read position of someone else');
      if (!isRemoved && (typeof value !== 'string' || value.length > MAX_READ_VALUE)) {
        throw new Refusal('read position that is not a message id');
      }
      this.change.isReadTouched = true;
    }
  }

  private checkOwnLikeKey(key: string) {
    const suffix = `:${this.senderId}`;
    if (!key.endsWith(suffix)) throw new Refusal('like on behalf of someone else');
    const messageId = key.slice(0, -suffix.length);
    if (!this.messageMap.has(messageId) && !this.newMessageKeys.has(messageId)) {
      throw new Refusal('like of a message that does not exist');
    }
  }

  /** Where an item of the update goes: its own parent and key, or those of the item it follows. */
  private slotOf(item: Y.Item): Slot {
    const known = this.slots.get(item);
    if (known === 'resolving') throw new Refusal('items that follow each other in a circle');
    if (known) return known;
    this.slots.set(item, 'resolving');
    let slot: Slot;
    if (item.rightOrigin !== null) throw new Refusal('list insert');
    if (item.origin !== null) {
      slot = this.slotOfId(item.origin);
    } else {
      const parent: unknown = item.parent;
      if (typeof parent !== 'string') throw new Refusal('nested type');
      if (!ROOT_NAMES.has(parent)) throw new Refusal(`unknown root type ${parent.slice(0, 40)}`);
      if (item.parentSub === null) throw new Refusal('list insert');
      slot = { root: parent as Root, key: item.parentSub };
    }
    const serverState = Y.getState(this.store, item.id.client);
    if (item.id.clock < serverState) {
      // Partly known: Yjs applies only the rest, after the server's own struct before it, whatever
      // this one says. That struct must be the same entry, or the rest would land in another key.
      const before = this.storeSlotAt(item.id.client, serverState - 1);
      if (before?.root !== slot.root || before.key !== slot.key) throw new Refusal('overlaps another entry');
    }
    this.slots.set(item, slot);
    return slot;
  }

  /** The server's copy decides for clocks it has; Yjs skips the update's version of them. */
  private slotOfId(id: Y.ID): Slot {
    if (id.clock < Y.getState(this.store, id.client)) {
      const slot = this.storeSlotAt(id.client, id.clock);
      if (!slot) throw new Refusal('follows something that is not a chat entry');
      return slot;
    }
    const inUpdate = this.findUpdateItem(id.client, id.clock);
    if (!inUpdate) throw new Missing();
    return this.slotOf(inUpdate);
  }

  private storeSlotAt(client: number, clock: number): Slot | null {
    const structs = this.store.clients.get(client) ?? [];
    const struct = structs[Y.findIndexSS(structs, clock)];
    return struct instanceof Y.Item ? this.storeSlot(struct) : null;
  }

  private storeSlot(item: Y.Item): Slot | null {
    const root = this.roots.get(item.parent);
    return root && item.parentSub !== null ? { root, key: item.parentSub } : null;
  }

  /** Binary search: an update lists each client's structs in clock order. */
  private findUpdateItem(client: number, clock: number): Y.Item | undefined {
    const items = this.updateItems.get(client) ?? [];
    let low = 0;
    let high = items.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const item = items[middle] as Y.Item;
      if (clock < item.id.clock) high = middle - 1;
      else if (clock >= item.id.clock + item.length) low = middle + 1;
      else return item;
    }
    return undefined;
  }

  /**
   * Every deletion must remove one of the sender's likes or its read
   * position. Deleting what is already deleted changes nothing and is let
   * through: a full sync repeats every deletion the client knows of.
   */
  private checkDeletions(ds: ReturnType<typeof Y.decodeUpdate>['ds']) {
    for (const [client, ranges] of ds.clients) {
      const serverState = Y.getState(this.store, client);
      const structs = this.store.clients.get(client) ?? [];
      for (const { clock, len } of ranges) {
        const end = clock + len;
        if (clock < serverState) {
          for (let index = Y.findIndexSS(structs, clock); index < structs.length; index++) {
            const struct = structs[index];
            if (!struct || struct.id.clock >= Math.min(end, serverState)) break;
            if (struct instanceof Y.Item && !struct.deleted) this.checkRemoval(this.storeSlot(struct));
          }
        }
        for (let at = Math.max(clock, serverState); at < end; ) {
          const item = this.findUpdateItem(client, at);
          if (!item) throw new Missing();
          this.checkRemoval(this.slotOf(item));
          at = item.id.clock + item.length;
        }
      }
    }
  }

  private checkRemoval(slot: Slot | null) {
    if (slot?.root === 'likes') {
      this.checkOwnLikeKey(slot.key);
      this.change.likeKeys.push(slot.key);
    } else if (slot?.root === 'reads' && slot.key === this.senderId) {
      this.change.isReadTouched = true;
    } else {
      throw new Refusal(slot?.root === 'messages' ? 'message deleted' : 'deletion of something else');
    }
  }
}
