/**
 * One student's device for the durability test: the web app's own outbox
 * (web/src/local/outbox.ts) on Dexie over fake-indexeddb, sending over real
 * HTTP with the session cookie and each mutation's id as Idempotency-Key.
 * Like the browser, it sends in order, keeps what failed to reach the
 * server, and tries again a moment later. It records every mutation it made
 * and every answer it got: a 2xx is the acknowledgement the student sees.
 */
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@campus/shared/sync-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { type LocalDb, openLocalDb } from '../../web/src/local/local-db.ts';
import { createOutbox, type NewMutation, type Outbox } from '../../web/src/local/outbox.ts';
import type { SeededMember } from './durability-seed.ts';

export interface WriteRecord {
  id: string;
  kind: 'post.create' | 'comment.create';
  /** The parent a comment was made on. */
  rootId: string | null;
  mutation: NewMutation;
  /** Set by the first 2xx this device received for it. */
  isAcked: boolean;
  /** 2xx answers received (a resend of an acknowledged write adds one). */
  answers: number;
  /** 2xx answers the server replayed from the mutation's receipt. */
  replayed: number;
}

const RETRY_MS = 40;

export class OutboxWriter {
  readonly records = new Map<string, WriteRecord>();
  /** False: the device is offline, nothing is sent (between a crash and the checks after restart). */
  online = true;
  port = 0;
  private readonly db: LocalDb;
  private readonly outbox: Outbox;
  private retryTimer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;

  constructor(
    readonly member: SeededMember,
    name: string,
    private readonly onAck: (record: WriteRecord) => void,
  ) {
    this.db = openLocalDb(`durability-${name}`, { indexedDB, IDBKeyRange });
    this.outbox = createOutbox({
      db: this.db,
      currentUserId: () => member.userId,
      transport: {
        send: async ({ method, path, idempotencyKey, json }) => {
          if (!this.online) throw new TypeError('fetch failed');
          const base = `http://127.0.0.1:${this.port}`;
          const response = await fetch(base + path, {
            method,
            headers: {
              accept: 'application/json',
              'content-type': 'application/json',
              cookie: `session=${member.token}`,
              origin: base,
              [IDEMPOTENCY_HEADER]: idempotencyKey,
            },
            body: JSON.stringify(json),
          });
          const body: unknown = await response.json().catch(() => null);
          return { status: response.status, body, replayed: response.headers.get(REPLAYED_HEADER) === 'true' };
        },
      },
      onApplied: (entry, _body, meta) => {
        const record = this.records.get(entry.id);
        if (!record) throw new Error(`an answer for a mutation this device never made: ${entry.id}`);
        record.answers += 1;
        if (meta.replayed) record.replayed += 1;
        if (!record.isAcked) {
          record.isAcked = true;
          this.onAck(record);
        }
      },
    });
  }

  /** Queues a write, as the composer does, and sends what is queued. */
  async write(mutation: NewMutation): Promise<void> {
    this.records.set(mutation.id, {
      id: mutation.id,
      kind: mutation.kind as WriteRecord['kind'],
      rootId: mutation.rootId,
      mutation,
      isAcked: false,
      answers: 0,
      replayed: 0,
    });
    await this.outbox.enqueue(mutation);
    this.kick();
  }

  /** The same mutation, same id, queued again: what a device does when an answer was lost. */
  async resend(record: WriteRecord): Promise<void> {
    await this.outbox.enqueue(record.mutation);
    this.kick();
  }

  /** Sends everything queued; while the server cannot be reached, tries again a moment later. */
  kick(): void {
    if (this.draining) {
      void this.outbox.drain();
      return;
    }
    this.draining = (async () => {
      const result = await this.outbox.drain();
      if (result !== 'drained') this.retryLater();
    })().finally(() => {
      this.draining = null;
    });
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, RETRY_MS);
  }

  /** Entries still in the outbox, and those it holds as refused (4xx other than 401/408/409/429). */
  async queued(): Promise<{ pending: number; failed: string[] }> {
    const entries = await this.db.outbox.where('userId').equals(this.member.userId).toArray();
    return {
      pending: entries.filter((entry) => entry.state !== 'failed').length,
      failed: entries
        .filter((entry) => entry.state === 'failed')
        .map((entry) => `${entry.kind} ${entry.errors.join(' ')}`),
    };
  }

  stop(): void {
    this.online = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
