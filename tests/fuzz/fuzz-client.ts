import type { CommentDto } from '@campus/shared/post-api';
import type { UpdatePostRequest } from '@campus/shared/post-requests';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { type ChangeNotice, SYNC_SOCKET_PATH } from '@campus/shared/sync-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import WebSocket from 'ws';
import { applyMutationResult, applyNotices, refreshFeed } from '../../web/src/local/local-cache.ts';
import { type LocalDb, type OutboxEntry, openLocalDb } from '../../web/src/local/local-db.ts';
import { createOutbox, type NewMutation, type Outbox } from '../../web/src/local/outbox.ts';
import {
  type ConnectionStatus,
  createSyncConnection,
  type SyncConnection,
} from '../../web/src/local/sync-connection.ts';
import type { FaultyNetwork } from './faulty-network.ts';
import { FaultySocket, type SocketFaultRates, type SocketStats } from './faulty-socket.ts';
import type { Member } from './fuzz-server.ts';
import type { Rng } from './prng.ts';
import type { SocketProxy } from './socket-proxy.ts';

/** What a client asked for, kept by the suite to judge the end state. */
export interface CreateRecord {
  id: string;
  kind: 'post' | 'comment';
  rootId: string | null;
  parentId: string | null;
  text: string;
}

export interface ClientOptions {
  name: string;
  member: Member;
  network: FaultyNetwork;
  proxy: SocketProxy;
  rng: Rng;
  socketRates: SocketFaultRates;
  socketStats: SocketStats;
}

const CURSOR_KEY = 'sync-cursor';

function collectComments(thread: CommentDto[], into: string[] = []): string[] {
  for (const comment of thread) {
    into.push(comment.id);
    collectComments(comment.replies, into);
  }
  return into;
}

/**
 * One simulated device: its own IndexedDB (fake-indexeddb), the app's real
 * outbox, cache and sync connection, and a record of every mutation it made.
 * Drains are triggered as the app triggers them: after each write, when the
 * socket has caught up, and again after a 'later' or 'offline' answer.
 */
export class FuzzClient {
  readonly name: string;
  readonly member: Member;
  readonly db: LocalDb;
  readonly outbox: Outbox;
  readonly connection: SyncConnection;
  status: ConnectionStatus = 'offline';
  cursor: number | null = null;
  socket: FaultySocket | null = null;
  /** Every notice the socket delivered (scoping checks). */
  readonly notices: ChangeNotice[] = [];
  readonly creates = new Map<string, CreateRecord>();
  /** Mutation ids the server acknowledged (the outbox applied them). */
  readonly applied = new Set<string>();
  /** Post id → the last save state this client asked for. */
  readonly saveIntent = new Map<string, boolean>();
  /** Own post id → price and sold state as last asked for. */
  readonly editIntent = new Map<string, { price: number | null; isSold: boolean }>();
  /** Own top-level posts and comments it has not asked to delete. */
  readonly ownPosts = new Set<string>();
  readonly ownComments = new Map<string, string>();
  readonly deleted = new Set<string>();
  resets = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = false;
  private readonly rng: Rng;

  constructor(options: ClientOptions) {
    const { name, member, network, proxy, rng, socketRates, socketStats } = options;
    this.name = name;
    this.member = member;
    this.rng = rng;
    this.db = openLocalDb(`fuzz-${name}-${crypto.randomUUID()}`, { indexedDB, IDBKeyRange });
    const get = network.getFor(member);
    this.outbox = createOutbox({
      db: this.db,
      transport: network.transportFor(member),
      currentUserId: () => member.userId,
      onApplied: async (entry, body, meta) => {
        this.applied.add(entry.id);
        await applyMutationResult(this.db, get, entry, body, meta);
      },
    });
    this.connection = createSyncConnection({
      url: 'set by createSocket',
      createSocket: () => {
        // Through the proxy, on the campus's own host: the server checks Origin against Host.
        const host = `${member.hostname}:${proxy.port}`;
        const inner = new WebSocket(`ws://127.0.0.1:${proxy.port}${SYNC_SOCKET_PATH}`, {
          headers: { host, origin: `http://${host}`, cookie: `session=${member.token}` },
        });
        const socket = new FaultySocket(inner, rng.fork(), socketRates, socketStats, () => network.isHealed);
        this.socket = socket;
        return socket as unknown as globalThis.WebSocket;
      },
      loadCursor: async () => ((await this.db.meta.get(CURSOR_KEY))?.value as number | undefined) ?? null,
      saveCursor: async (cursor) => {
        await this.db.meta.put({ key: CURSOR_KEY, value: cursor });
        this.cursor = cursor;
      },
      onNotices: async (notices) => {
        this.notices.push(...notices);
        await applyNotices(this.db, get, notices);
      },
      onReset: async () => {
        this.resets++;
        await refreshFeed(this.db, get);
      },
      onCaughtUp: () => this.kick(),
      onStatus: (status) => {
        this.status = status;
      },
      baseDelayMs: 4,
      maxDelayMs: 80,
      heartbeatMs: 250,
      random: rng.fork().next,
    });
  }

  start() {
    this.connection.start();
  }

  /** Drains as the app does; a 'later' or 'offline' answer tries again shortly. */
  kick() {
    if (this.isStopped) return;
    void this.outbox.drain().then((result) => {
      if (result === 'later' || result === 'offline') this.retrySoon();
    });
  }

  private retrySoon() {
    if (this.retryTimer || this.isStopped) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        this.kick();
      },
      this.rng.int(5, 30),
    );
  }

  private async enqueue(mutation: Omit<NewMutation, 'userId'>): Promise<OutboxEntry> {
    const entry = await this.outbox.enqueue({ ...mutation, userId: this.member.userId });
    this.kick();
    return entry;
  }

  /** Top-level posts this device knows of: its feed and its own posts. */
  private async knownPosts(): Promise<string[]> {
    const feed = await this.db.feed.toCollection().primaryKeys();
    const known = new Set<string>([...feed, ...this.ownPosts]);
    for (const id of this.deleted) known.delete(id);
    return [...known].sort();
  }

  /**
   * Mostly one of a few posts: the same post saved, unsaved and edited over
   * and over is where a write applied twice or out of order shows.
   */
  private pickHot(ids: string[]): string {
    return this.rng.chance(0.7) ? this.rng.pick(ids.slice(0, 4)) : this.rng.pick(ids);
  }

  /** Makes one random write through the outbox. */
  async mutate(): Promise<string> {
    const rng = this.rng;
    const roll = rng.next();
    const known = await this.knownPosts();
    const own = [...this.ownPosts].sort();
    if (roll < 0.3 || known.length === 0) return this.createPost();
    if (roll < 0.52) return this.comment(rng.pick(known));
    if (roll < 0.74) return this.toggleSave(this.pickHot(known));
    if (roll < 0.88 && own.length > 0) return this.edit(this.pickHot(own));
    if (roll < 0.95 && own.length > 0) return this.deletePost(rng.pick(own));
    const comments = [...this.ownComments.keys()].sort();
    if (comments.length > 0) return this.deleteComment(rng.pick(comments));
    return this.createPost();
  }

  private async createPost(): Promise<string> {
    const id = this.rng.uuid();
    const text = `fuzz post ${id}`;
    const price = this.rng.chance(0.6) ? this.rng.int(0, 900) : null;
    this.creates.set(id, { id, kind: 'post', rootId: null, parentId: null, text });
    this.ownPosts.add(id);
    this.editIntent.set(id, { price, isSold: false });
    await this.enqueue({
      id,
      kind: 'post.create',
      postId: id,
      rootId: null,
      method: 'POST',
      path: '/api/posts',
      body: { clientId: id, text: plainTextToRichText(text), price },
    });
    return 'post.create';
  }

  private async comment(rootId: string): Promise<string> {
    const id = this.rng.uuid();
    const text = `fuzz comment ${id}`;
    const page = await this.db.postPages.get(rootId);
    const candidates = [
      ...(page ? collectComments(page.page.thread) : []),
      ...[...this.ownComments].filter(([, root]) => root === rootId).map(([commentId]) => commentId),
    ].filter((commentId) => !this.deleted.has(commentId));
    const parentId = candidates.length > 0 && this.rng.chance(0.5) ? this.rng.pick(candidates.sort()) : null;
    this.creates.set(id, { id, kind: 'comment', rootId, parentId, text });
    this.ownComments.set(id, rootId);
    await this.enqueue({
      id,
      kind: 'comment.create',
      postId: id,
      rootId,
      method: 'POST',
      path: `/api/posts/${rootId}/comments`,
      body: { clientId: id, text: plainTextToRichText(text), ...(parentId ? { parentId } : {}) },
    });
    return parentId ? 'reply.create' : 'comment.create';
  }

  private async toggleSave(postId: string): Promise<string> {
    const cached = await this.db.feed.get(postId);
    const current = this.saveIntent.get(postId) ?? cached?.post.isSaved ?? false;
    const isSaved = this.rng.chance(0.2) ? current : !current;
    this.saveIntent.set(postId, isSaved);
    await this.enqueue({
      id: this.rng.uuid(),
      kind: 'save.set',
      postId,
      rootId: null,
      method: isSaved ? 'PUT' : 'DELETE',
      path: `/api/posts/${postId}/save`,
      body: undefined,
    });
    return isSaved ? 'save' : 'unsave';
  }

  private async edit(postId: string): Promise<string> {
    const intent = this.editIntent.get(postId) ?? { price: null, isSold: false };
    const changes: UpdatePostRequest = {};
    const roll = this.rng.next();
    if (roll < 0.7) changes.price = this.rng.chance(0.15) ? null : this.rng.int(0, 900);
    if (roll >= 0.4) changes.isSold = !intent.isSold;
    this.editIntent.set(postId, {
      price: changes.price !== undefined ? changes.price : intent.price,
      isSold: changes.isSold ?? intent.isSold,
    });
    await this.enqueue({
      id: this.rng.uuid(),
      kind: 'post.update',
      postId,
      rootId: null,
      method: 'PATCH',
      path: `/api/posts/${postId}`,
      body: changes,
    });
    return 'post.update';
  }

  private async deletePost(postId: string): Promise<string> {
    this.ownPosts.delete(postId);
    this.deleted.add(postId);
    await this.enqueue({
      id: this.rng.uuid(),
      kind: 'post.delete',
      postId,
      rootId: null,
      method: 'DELETE',
      path: `/api/posts/${postId}`,
      body: undefined,
    });
    return 'post.delete';
  }

  private async deleteComment(commentId: string): Promise<string> {
    const rootId = this.ownComments.get(commentId) ?? null;
    this.ownComments.delete(commentId);
    this.deleted.add(commentId);
    await this.enqueue({
      id: this.rng.uuid(),
      kind: 'post.delete',
      postId: commentId,
      rootId,
      method: 'DELETE',
      path: `/api/posts/${commentId}`,
      body: undefined,
    });
    return 'comment.delete';
  }

  /** Drains until nothing but refusals is left; the network must be healed. */
  async drainToEnd(): Promise<void> {
    for (let round = 0; round < 400; round++) {
      const result = await this.outbox.drain();
      const waiting = await this.db.outbox.filter((entry) => entry.state !== 'failed').count();
      if (result === 'drained' && waiting === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${this.name}: the outbox did not drain`);
  }

  stop() {
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    this.connection.stop();
  }

  async close() {
    this.stop();
    this.db.close();
    await this.db.delete();
  }
}
