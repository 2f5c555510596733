import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker moves committed WAL frames into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;
/** SQLite's own default, put back if the worker cannot run. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 1000;
/**
 * How large the WAL may grow under writes that never pause before the chat
 * writer makes it start over (chat-write-executor.ts, decision 016): about
 * 5 s of the chat bench's (a) load. Every connection also sets it as
 * `journal_size_limit`, so whichever restarts the WAL cuts the file back.
 */
export const WAL_LIMIT_BYTES = 256 * 1024 * 1024;
/** A worker stuck in a checkpoint is terminated after this long at shutdown. */
const STOP_TIMEOUT_MS = 5000;

/**
 * The worker's whole program, plain CommonJS so it runs the same under tsx,
 * vitest and node. Its own connection to the same file: a PASSIVE
 * checkpoint copies what no reader still needs and never waits on a lock.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driverPath);
const sqlite = new SQLite(workerData.file);
sqlite.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked: the next tick tries again.
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  sqlite.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Stops the worker, then checkpoints everything and empties the WAL file (clean shutdown). */
  stop(): Promise<void>;
}

/**
 * SQLite's automatic checkpoint runs inside a commit on the event loop:
 * every ~1,000 pages a commit also copied the WAL into the database file
 * (9–18 ms commits under chat load, issue 6). For a file database the automatic
 * checkpoint is off and a worker thread runs it on its own connection every
 * second instead; commits only append to the WAL.
 */
export function startWalCheckpointer(sqlite: SQLite.Database, file: string): WalCheckpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driverPath, file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  let isRunning = true;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (isRunning && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
      isRunning = false;
      resolve();
    });
  });
  // A worker that failed exits too; the connection then checkpoints on its own again (above).
  worker.on('error', () => undefined);

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        if (isRunning) {
          isRunning = false;
          worker.postMessage('stop');
          const timeout = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timeout);
        }
        if (sqlite.open) sqlite.pragma('wal_checkpoint(TRUNCATE)');
      })();
      return stopping;
    },
  };
}
