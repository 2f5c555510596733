import type { ApiError } from '@campus/shared/errors';
import { isErrorEnvelope } from '@campus/shared/errors';
import { UPLOADS_PATH } from '@campus/shared/post-api';
import type { CreatePostRequest } from '@campus/shared/post-requests';
import { isTransientStatus } from '../lib/api-client.ts';
import type { LocalDb, LocalFile, MutationKind, OutboxEntry } from './local-db.ts';
import { nextSendMark } from './send-order.ts';

/** How the outbox reaches the server: fetch in the browser, `app.request` with faults in the fuzz suite. */
export interface OutboxTransport {
  /** Answers the status and JSON body; throws when the network failed (nothing known about the server). */
  send(request: {
    method: string;
    path: string;
    idempotencyKey: string;
    json?: unknown;
    file?: LocalFile;
  }): Promise<TransportAnswer>;
}

/** An answer; `replayed` says whether the server replayed it from the mutation's receipt (undefined: unknown). */
interface TransportAnswer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/** What the outbox knows about an applied mutation's answer, for the cache to judge how fresh it is. */
export interface AnswerMeta {
  replayed?: boolean;
  /** Where the mutation's request stands in the order the device sent its reads and writes (send-order.ts). */
  sentMark: number;
}

export type NewMutation = Omit<OutboxEntry, 'seq' | 'state' | 'errors' | 'attempts' | 'createdAt' | 'files'> & {
  files?: LocalFile[];
};

/**
 * A kind the device delivers itself once its files are uploaded, instead of
 * a REST request: a chat photo's message goes into its chat's Y.Doc
 * (local/chats/chat-photos.ts). Opened on a drain's first entry of the
 * kind and released when the drain ends.
 */
export interface OutboxDelivery {
  /** Delivered already (a drain stopped after delivering it): nothing is uploaded and the entry goes. */
  isDelivered(entry: OutboxEntry): Promise<boolean>;
  /** Delivers the entry, its files uploaded; throws to leave it queued for the next drain. */
  deliver(entry: OutboxEntry): Promise<void>;
  release(): void;
}

/** Why a drain stopped. */
export type DrainResult = 'drained' | 'offline' | 'later' | 'signed-out';

export interface OutboxOptions {
  db: LocalDb;
  transport: OutboxTransport;
  /** The signed-in user: only their mutations are sent. */
  currentUserId(): string | null;
  /** Runs after the server applied a mutation, before it leaves the outbox (cache updates). */
  onApplied?(entry: OutboxEntry, body: unknown, meta: AnswerMeta): Promise<void> | void;
  /** Serialises drains across tabs (navigator.locks in the browser). */
  withLock?<T>(run: () => Promise<T>): Promise<T>;
  /** The kinds delivered on the device (`chat.photo`), each opened when a drain first needs it. */
  deliveries?: Partial<Record<MutationKind, (userId: string) => Promise<OutboxDelivery>>>;
  /**
   * A delivered kind the server refused (a file of the wrong type) leaves the
   * outbox: there is no failed copy to show where it was made. Told here, to
   * say the server's words.
   */
  onDropped?(entry: OutboxEntry, errors: string[]): void;
}

export interface Outbox {
  enqueue(mutation: NewMutation): Promise<OutboxEntry>;
  /** Sends everything pending, in order; one drain at a time. */
  drain(): Promise<DrainResult>;
  retry(id: string): Promise<DrainResult>;
  discard(id: string): Promise<void>;
}

const REFUSAL_FALLBACK = 'Something went wrong.';

function errorsOf(body: unknown): string[] {
  return isErrorEnvelope(body) ? body.errors.map((error: ApiError) => error.msg) : [REFUSAL_FALLBACK];
}

/** A delete whose post is already gone has done its job. */
function isAlreadyDone(entry: OutboxEntry, status: number): boolean {
  return entry.kind === 'post.delete' && (status === 404 || status === 410);
}

class NetworkDown extends Error {}

/**
 * The outbox (issue 5): every write made on this device is stored first,
 * shown at once as pending, and sent in order when the server can be reached.
 * Each carries its own id as Idempotency-Key, so a send whose answer was lost
 * is simply sent again and the server answers it as already applied. A
 * refusal stays with its messages until the student retries or discards it.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const { db, transport, currentUserId, onApplied } = options;
  const withLock = options.withLock ?? ((run) => run());
  let running: Promise<DrainResult> | null = null;
  let again = false;

  async function uploadFiles(entry: OutboxEntry): Promise<TransportAnswer | null> {
    if (entry.kind === 'profile.photo') return null;
    for (const file of entry.files) {
      if (file.uploadId) continue;
      const answer = await reach({ method: 'POST', path: UPLOADS_PATH, idempotencyKey: file.id, file });
      if (answer.status >= 300) return answer;
      file.upload = answer.body as LocalFile['upload'];
      file.uploadId = file.upload?.id ?? null;
      await db.outbox.update(entry.seq as number, { files: entry.files });
    }
    return null;
  }

  function bodyToSend(entry: OutboxEntry): unknown {
    if (entry.kind !== 'post.create' || entry.files.length === 0) return entry.body;
    // Files uploaded before it was queued come first, then the ones that waited on the device.
    const body = entry.body as CreatePostRequest;
    return { ...body, uploadIds: [...(body.uploadIds ?? []), ...entry.files.map((file) => file.uploadId)] };
  }

  async function sendOne(entry: OutboxEntry, opened: Opened): Promise<'applied' | 'refused' | DrainResult> {
    const delivery = await opened.delivery(entry.kind);
    if (delivery && (await delivery.isDelivered(entry))) {
      await db.outbox.delete(entry.seq as number);
      return 'applied';
    }
    await db.outbox.update(entry.seq as number, { state: 'sending', attempts: entry.attempts + 1 });
    let answer: TransportAnswer;
    const sentMark = nextSendMark();
    try {
      answer = (await uploadFiles(entry)) ?? (delivery ? await deliver(delivery, entry) : await send(entry));
    } catch (error) {
      await db.outbox.update(entry.seq as number, { state: 'pending' });
      if (error instanceof NetworkDown) return 'offline';
      throw error;
    }
    if (answer.status < 300 || isAlreadyDone(entry, answer.status)) {
      await onApplied?.(entry, answer.body, { replayed: answer.replayed, sentMark });
      await db.outbox.delete(entry.seq as number);
      return 'applied';
    }
    if (isTransientStatus(answer.status)) {
      await db.outbox.update(entry.seq as number, { state: 'pending' });
      return answer.status === 401 ? 'signed-out' : 'later';
    }
    if (delivery) {
      await db.outbox.delete(entry.seq as number);
      options.onDropped?.(entry, errorsOf(answer.body));
      return 'refused';
    }
    await db.outbox.update(entry.seq as number, { state: 'failed', errors: errorsOf(answer.body) });
    return 'refused';
  }

  async function deliver(delivery: OutboxDelivery, entry: OutboxEntry): Promise<TransportAnswer> {
    await delivery.deliver(entry);
    return { status: 200, body: null };
  }

  /** A send whose network failure is told apart from a failure of our own storage. */
  async function reach(request: Parameters<OutboxTransport['send']>[0]) {
    try {
      return await transport.send(request);
    } catch {
      throw new NetworkDown();
    }
  }

  function send(entry: OutboxEntry) {
    // A profile photo is itself the request: its one file is the body.
    if (entry.kind === 'profile.photo') {
      return reach({ method: entry.method, path: entry.path, idempotencyKey: entry.id, file: entry.files[0] });
    }
    return reach({ method: entry.method, path: entry.path, idempotencyKey: entry.id, json: bodyToSend(entry) });
  }

  async function nextEntry(userId: string): Promise<OutboxEntry | undefined> {
    return db.outbox
      .where('userId')
      .equals(userId)
      .filter((entry) => entry.state !== 'failed')
      .first();
  }

  /** The deliveries one drain opened, released when it ends. */
  function openDeliveries(userId: string) {
    const open = new Map<MutationKind, Promise<OutboxDelivery>>();
    return {
      delivery(kind: MutationKind): Promise<OutboxDelivery | undefined> {
        const opener = options.deliveries?.[kind];
        if (!opener) return Promise.resolve(undefined);
        let delivery = open.get(kind);
        if (!delivery) {
          delivery = opener(userId);
          open.set(kind, delivery);
        }
        return delivery;
      },
      async releaseAll() {
        for (const delivery of open.values()) (await delivery.catch(() => null))?.release();
      },
    };
  }
  type Opened = ReturnType<typeof openDeliveries>;

  async function drainNow(): Promise<DrainResult> {
    const userId = currentUserId();
    if (!userId) return 'signed-out';
    const opened = openDeliveries(userId);
    try {
      for (;;) {
        const entry = await nextEntry(userId);
        if (!entry) return 'drained';
        const outcome = await sendOne(entry, opened).catch((error: unknown) => {
          // Storage failed mid-way, or a delivery could not open its target: leave the entry pending
          // and stop; the drain is tried again after a backoff.
          console.error('outbox send failed', error);
          return 'later' as const;
        });
        if (outcome !== 'applied' && outcome !== 'refused') return outcome;
      }
    } finally {
      await opened.releaseAll();
    }
  }

  function drain(): Promise<DrainResult> {
    if (running) {
      // Something new may have been queued after the running drain looked: look once more when it ends.
      again = true;
      return running;
    }
    running = (async () => {
      let result: DrainResult;
      do {
        again = false;
        result = await withLock(drainNow);
      } while (again && result === 'drained');
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async enqueue(mutation) {
      const entry: OutboxEntry = {
        ...mutation,
        files: mutation.files ?? [],
        state: 'pending',
        errors: [],
        attempts: 0,
        createdAt: new Date().toISOString(),
      };
      entry.seq = await db.outbox.add(entry);
      return entry;
    },
    drain,
    async retry(id) {
      await db.outbox.where('id').equals(id).modify({ state: 'pending', errors: [] });
      return drain();
    },
    async discard(id) {
      await db.outbox.where('id').equals(id).delete();
    },
  };
}
