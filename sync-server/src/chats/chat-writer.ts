import { type Db, sqliteOf } from '../db/database.ts';
import { WAL_LIMIT_BYTES } from '../db/wal-checkpointer.ts';
import type { Logger } from '../http/logger.ts';
import { type ChatWriteExecutor, createChatWriteExecutor, type PartResult } from './chat-write-executor.ts';
import type { ChatWritePart } from './chat-write-parts.ts';

/**
 * Where every open conversation's writes go (issue 6, decision 016).
 *
 * A room hands its flush (one log row) or its compaction to `write` as plain
 * data, and the inbox queue (chat-inbox-queue.ts) hands in what the flushes
 * imply for inboxes and notifications a moment later. Every room's parts
 * handed in during one turn of the event loop are written in one SQLite
 * transaction (chat-write-executor.ts): group commit. Inbox parts go in a
 * transaction of their own, in a later turn, so a room's relay never waits
 * for one. The promise resolves once the transaction holding the part has
 * committed, so a room relays only what is stored.
 *
 * The transaction runs on the main thread, on Kysely's connection, at once
 * when no Kysely transaction is open there (better-sqlite3 is synchronous,
 * so nothing else starts one meanwhile), else once Kysely lets go of it.
 * Decision 016 ('Tried and not adopted') says why not in a worker thread.
 */
export interface ChatWriter {
  /** Resolves with the part's answer (ChatWritePart) once it is committed; rejects if it was not stored. */
  write(part: ChatWritePart): Promise<number>;
  /** Resolves once what was handed in is written (shutdown). */
  close(): Promise<void>;
}

interface Job {
  part: ChatWritePart;
  resolve(value: number): void;
  reject(error: Error): void;
}

/**
 * Runs a batch on the main thread. better-sqlite3 is synchronous, so with no
 * transaction open on the connection nothing else can start one before the
 * batch is done: it runs at once. While a Kysely transaction is open (it
 * awaits between its statements), the batch waits for Kysely's connection.
 */
function mainThreadCommit(db: Db, walLimitBytes: number) {
  const sqlite = sqliteOf(db);
  let executor: ChatWriteExecutor | null = null;
  const run = (parts: ChatWritePart[]) => {
    // Prepared on first use: the tables exist only once migrations ran.
    executor ??= createChatWriteExecutor(sqlite, { walLimitBytes });
    return executor.run(parts);
  };
  /** Throws if the commit itself failed. */
  return (parts: ChatWritePart[]): PartResult[] | Promise<PartResult[]> =>
    sqlite.inTransaction ? db.connection().execute(async () => run(parts)) : run(parts);
}

export function createChatWriter(
  db: Db,
  logger: Logger,
  { walLimitBytes = WAL_LIMIT_BYTES }: { walLimitBytes?: number } = {},
): ChatWriter {
  const commit = mainThreadCommit(db, walLimitBytes);
  /** The last batch that had to wait for Kysely's connection: later batches go after it. */
  let waiting: Promise<void> | null = null;

  function settle(jobs: Job[], outcome: PartResult[] | Error) {
    if (outcome instanceof Error) {
      // The commit itself failed: nothing of this batch is stored.
      for (const job of jobs) job.reject(outcome);
      return;
    }
    jobs.forEach((job, index) => {
      const result = outcome[index];
      if (result?.ok) job.resolve(result.value);
      else job.reject(new Error(result ? result.error : 'chat write did not run'));
    });
  }

  const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

  /** Settles `jobs` once `results` is answered; batches after it wait for it, so they commit in order. */
  function settleLater(jobs: Job[], results: Promise<PartResult[]>) {
    const done: Promise<void> = results
      .then(
        (answered) => settle(jobs, answered),
        (error: unknown) => settle(jobs, asError(error)),
      )
      .finally(() => {
        if (waiting === done) waiting = null;
      });
    waiting = done;
  }

  function commitBatch(jobs: Job[]) {
    const parts = jobs.map((job) => job.part);
    // A batch that waits for Kysely's connection goes first; this one follows it.
    const results = waiting ? waiting.then(() => commit(parts)) : commit(parts);
    if (Array.isArray(results)) settle(jobs, results);
    else settleLater(jobs, results);
  }

  /**
   * What was handed in during one turn goes as one batch. A room's flush or
   * compaction goes in the turn's check phase, so its relay follows at once;
   * inbox parts go in their own batch, in the timers phase of a later turn,
   * so no room's relay ever waits for one (decision 016).
   */
  function lane(scheduleRun: (run: () => void) => void) {
    let queue: Job[] = [];
    let isScheduled = false;
    const run = () => {
      isScheduled = false;
      const jobs = queue;
      queue = [];
      try {
        commitBatch(jobs);
      } catch (error) {
        logger.error('chat write failed', { error: String(error) });
        settle(jobs, asError(error));
      }
    };
    return {
      push(job: Job) {
        queue.push(job);
        if (isScheduled) return;
        isScheduled = true;
        scheduleRun(run);
      },
      get isScheduled() {
        return isScheduled;
      },
    };
  }
  const rooms = lane(setImmediate);
  const inboxes = lane((run) => setTimeout(run, 0));

  return {
    write(part) {
      return new Promise<number>((resolve, reject) => {
        (part.kind === 'inbox' ? inboxes : rooms).push({ part, resolve, reject });
      });
    },
    async close() {
      while (rooms.isScheduled || inboxes.isScheduled || waiting) {
        await Promise.all([waiting, new Promise((resolve) => setTimeout(resolve, 0))]);
      }
    },
  };
}
