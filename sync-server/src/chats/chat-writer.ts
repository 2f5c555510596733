import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type Db, sqliteOf } from '../db/database.ts';
import { WAL_LIMIT_BYTES } from '../db/wal-checkpointer.ts';
import type { Logger } from '../http/logger.ts';

/**
 * Where every open conversation's writes go (issue 6, decision 016).
 *
 * A room hands its flush (log rows and the inbox metadata they imply) or its
 * compaction to `write` as plain data. Everything handed in while the
 * previous commit is under way, or during one turn of the event loop, is
 * written in one SQLite transaction, each part in its own savepoint
 * (chat-write-executor.cjs): group commit. The promise resolves once the
 * transaction holding the part has committed, so a room relays only what
 * is stored.
 *
 * For a file database the transaction runs in a worker thread on its own
 * connection: the commit's WAL writes, and the stalls the file system
 * sometimes puts into them, happen beside the event loop instead of on it.
 * For an in-memory database (tests), which no second connection can open,
 * it runs on the main thread while Kysely's only connection is held.
 */
export type ChatWritePart =
  | {
      kind: 'messages';
      chatId: string;
      now: string;
      updates: Uint8Array[];
      lastMessage: { text: string | null; messageId: string | null; authorId: string | null } | null;
      reads: [userId: string, readMessageId: string | null][];
      unread: [userId: string, isUnread: boolean][];
      /** Uploads the new messages attach: claimed for this chat, or the part fails. */
      claims: string[];
    }
  | { kind: 'compact'; chatId: string; now: string; snapshot: Uint8Array }
  /** Rows of any chats, gathered by chat-notification-queue.ts; one whose chat or user is gone is skipped. */
  | { kind: 'notifications'; notifications: NotificationInsert[] };

export interface NotificationInsert {
  id: string;
  campusId: string;
  chatId: string;
  toUserId: string;
  fromUserId: string;
  type: string;
  message: string;
  /** When the message or like that caused it was stored. */
  createdAt: string;
}

type PartResult = { ok: true; flips: number } | { ok: false; error: string };

interface ChatWriteExecutor {
  run(parts: ChatWritePart[]): PartResult[];
}

export interface ChatWriter {
  /** Resolves with how many unread flags flipped once the part is committed; rejects if it was not stored. */
  write(part: ChatWritePart): Promise<number>;
  /** Lets what was handed in finish, then stops the worker. */
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const EXECUTOR_PATH = require.resolve('./chat-write-executor.cjs');
const { createChatWriteExecutor } = require(EXECUTOR_PATH) as {
  createChatWriteExecutor(sqlite: ReturnType<typeof sqliteOf>, options?: { walLimitBytes?: number }): ChatWriteExecutor;
};

/** The worker's whole program, plain CommonJS (as wal-checkpointer.ts's). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driverPath);
const { createChatWriteExecutor } = require(workerData.executorPath);
const sqlite = new SQLite(workerData.file);
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('wal_autocheckpoint = 0');
let executor = null;
parentPort.on('message', (message) => {
  if (message === 'stop') {
    sqlite.close();
    parentPort.close();
    return;
  }
  try {
    executor ??= createChatWriteExecutor(sqlite, { walLimitBytes: workerData.walLimitBytes });
    parentPort.postMessage({ id: message.id, results: executor.run(message.parts) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Job {
  part: ChatWritePart;
  resolve(flips: number): void;
  reject(error: Error): void;
}

/**
 * Batches on their way to the worker and not answered yet; the next waits
 * (and grows) meanwhile. chat.bench (b) delivered 8,294/s with 1, 8,652/s
 * with 2 and 9,304/s with 8 (one run each, 2026-11-22).
 */
const MAX_BATCHES_IN_FLIGHT = 8;

type Commit = (parts: ChatWritePart[]) => Promise<PartResult[]>;

/** Runs a batch on the main thread, holding Kysely's connection so no Kysely transaction is open meanwhile. */
function mainThreadCommit(db: Db, walLimitBytes: number): Commit {
  const sqlite = sqliteOf(db);
  let executor: ChatWriteExecutor | null = null;
  return (parts) =>
    db.connection().execute(async () => {
      // Prepared on first use: the tables exist only once migrations ran.
      executor ??= createChatWriteExecutor(sqlite, { walLimitBytes });
      return executor.run(parts);
    });
}

/** A view's own bytes: posting a view would copy the whole buffer under it (a received socket frame's). */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

function forPosting(part: ChatWritePart): ChatWritePart {
  if (part.kind === 'compact') return { ...part, snapshot: ownBytes(part.snapshot) };
  if (part.kind === 'messages') return { ...part, updates: part.updates.map(ownBytes) };
  return part;
}

function startWorker(file: string, walLimitBytes: number, logger: Logger) {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driverPath: require.resolve('better-sqlite3'), executorPath: EXECUTOR_PATH, file, walLimitBytes },
  });
  worker.unref();
  const waiting = new Map<number, { resolve(results: PartResult[]): void; reject(error: Error): void }>();
  let nextId = 0;
  let isGone = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  function gone(error: Error) {
    if (isGone) return;
    isGone = true;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }
  worker.on('message', (message: { id: number; results?: PartResult[]; error?: string }) => {
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.results) pending?.resolve(message.results);
    else pending?.reject(new Error(message.error ?? 'chat write failed'));
  });
  worker.on('error', (error) => {
    logger.error('chat writer worker failed', { error: String(error) });
    gone(error);
  });
  worker.once('exit', () => gone(new Error('chat writer worker exited')));
  const commit: Commit = (parts) =>
    new Promise((resolve, reject) => {
      if (isGone) return reject(new Error('chat writer worker exited'));
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, parts: parts.map(forPosting) });
    });
  return {
    commit,
    get isGone() {
      return isGone;
    },
    async stop() {
      if (!isGone) {
        isGone = true;
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}

export function createChatWriter(
  db: Db,
  logger: Logger,
  { walLimitBytes = WAL_LIMIT_BYTES }: { walLimitBytes?: number } = {},
): ChatWriter {
  const sqlite = sqliteOf(db);
  const onMainThread = mainThreadCommit(db, walLimitBytes);
  // A worker that fails leaves the writes to the main thread from then on.
  const worker = sqlite.memory ? null : startWorker(sqlite.name, walLimitBytes, logger);
  let queue: Job[] = [];
  let isScheduled = false;
  const inFlight = new Set<Promise<void>>();

  async function commitBatch(jobs: Job[]) {
    const parts = jobs.map((job) => job.part);
    let results: PartResult[];
    try {
      results = await (worker && !worker.isGone ? worker.commit(parts) : onMainThread(parts));
    } catch (error) {
      // The commit itself failed: nothing of this batch is stored.
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const job of jobs) job.reject(failure);
      return;
    }
    jobs.forEach((job, index) => {
      const result = results[index];
      if (result?.ok) job.resolve(result.flips);
      else job.reject(new Error(result ? result.error : 'chat write did not run'));
    });
  }

  /**
   * What was handed in during one turn goes as one batch, once fewer than
   * MAX_BATCHES_IN_FLIGHT are on their way; what arrives meanwhile waits for
   * the next. The worker commits batches in the order they were sent.
   */
  function schedule() {
    if (isScheduled || inFlight.size >= MAX_BATCHES_IN_FLIGHT || queue.length === 0) return;
    isScheduled = true;
    setImmediate(() => {
      isScheduled = false;
      const jobs = queue;
      queue = [];
      const batch = commitBatch(jobs).finally(() => {
        inFlight.delete(batch);
        schedule();
      });
      inFlight.add(batch);
      schedule();
    });
  }

  return {
    write(part) {
      return new Promise<number>((resolve, reject) => {
        queue.push({ part, resolve, reject });
        schedule();
      });
    },
    async close() {
      while (inFlight.size > 0 || isScheduled) await Promise.all([...inFlight, new Promise(setImmediate)]);
      await worker?.stop();
    },
  };
}
