import { type Db, sqliteOf } from '../db/database.ts';
import { type ChatStatements, prepareChatStatements } from './chat-statements.ts';

/**
 * Group commit for every open conversation (issue 6, decision 016). A room
 * hands its batch's writes to `write`; everything handed in during one turn
 * of the event loop is written in one SQLite transaction, each room's part
 * in its own savepoint, so one room's failed part rolls back alone and
 * fails only that room. The promise resolves once the transaction that
 * holds the work has committed: a room relays only what is stored.
 *
 * One commit per turn instead of one per room turned the commit (WAL
 * writes) from most of a message's server time into a share of it. The
 * work runs synchronously on the better-sqlite3 handle while Kysely's only
 * connection is held, so it never interleaves with a Kysely transaction.
 */
export interface ChatWriter {
  write<T>(work: (statements: ChatStatements) => T): Promise<T>;
  /** Resolves once everything handed in so far is committed or failed. */
  settled(): Promise<void>;
}

interface Job {
  work: (statements: ChatStatements) => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  outcome: { ok: true; value: unknown } | { ok: false; error: unknown } | null;
}

export function createChatWriter(db: Db): ChatWriter {
  const sqlite = sqliteOf(db);
  let statements: ChatStatements | null = null;
  let queue: Job[] = [];
  let flushing: Promise<void> | null = null;

  // Called inside runAll's transaction, better-sqlite3 makes this a savepoint.
  const runPart = sqlite.transaction((job: Job) => job.work(statements as ChatStatements));
  const runAll = sqlite.transaction((jobs: Job[]) => {
    for (const job of jobs) {
      try {
        job.outcome = { ok: true, value: runPart(job) };
      } catch (error) {
        job.outcome = { ok: false, error };
      }
    }
  });

  async function flush(jobs: Job[]): Promise<void> {
    try {
      await db.connection().execute(async () => {
        // Prepared on first use: the tables exist only once migrations ran.
        statements ??= prepareChatStatements(sqlite);
        runAll(jobs);
      });
    } catch (error) {
      // The commit itself failed: nothing of this turn is stored.
      for (const job of jobs) job.outcome = { ok: false, error };
    }
    for (const job of jobs) {
      const outcome = job.outcome ?? { ok: false, error: new Error('chat write did not run') };
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    }
  }

  function schedule() {
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        const jobs = queue;
        queue = [];
        return flush(jobs);
      })
      .finally(() => {
        flushing = null;
        if (queue.length > 0) schedule();
      });
  }

  return {
    write<T>(work: (statements: ChatStatements) => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject, outcome: null });
        schedule();
      });
    },
    async settled() {
      while (flushing) await flushing;
    },
  };
}
