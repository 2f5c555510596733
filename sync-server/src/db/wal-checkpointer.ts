import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker moves committed WAL frames into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;
/**
 * Passes one tick may run back to back: each copies what was committed
 * during the one before, so they shorten until one finds nothing new (see
 * the worker's source). Bounds a tick under writes faster than a pass.
 */
const MAX_PASSES_PER_TICK = 16;
/** SQLite's own default, put back if the worker cannot run. */
const FALLBACK_AUTOCHECKPOINT_PAGES = 1000;
/**
 * How large the WAL may grow before the chat writer copies it itself
 * (chat-write-executor.ts, decision 016): a backstop for when the worker
 * cannot catch up, as while a long read holds old frames (about 13 s of the
 * chat bench's (a) load). Every connection also sets it as
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
// A pass copies the frames committed before it began, and reports that count as 'log'. Commits
// that land during a pass stay behind, so under steady writes one pass a tick never catches up and
// the WAL never starts over (it grew without bound, decision 016). So passes run back to back,
// each shorter than the last, until one finds no frame that the one before it did not copy: then
// every frame is in the database file, and the writer's next commit starts the WAL from its start.
function checkpoint() {
  let previousLog = -1;
  for (let pass = 0; pass < workerData.maxPasses; pass++) {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)');
    if (result.busy !== 0 || (result.log === previousLog && result.checkpointed >= result.log)) return;
    previousLog = result.log;
  }
}
const timer = setInterval(() => {
  try {
    checkpoint();
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
 * second instead, until it has caught up; commits only append to the WAL,
 * and under the chat bench's load it starts over every tick (~20 MB).
 */
export function startWalCheckpointer(sqlite: SQLite.Database, file: string): WalCheckpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driverPath, file, intervalMs: CHECKPOINT_INTERVAL_MS, maxPasses: MAX_PASSES_PER_TICK },
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
