import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { BenchPair } from './chat-bench-protocol.ts';
import type { ProfileSummary } from './chat-cpu-profile.ts';
import { isLoadWorkerReply, type LoadWorkerReply, type LoadWorkerRequest } from './chat-load-protocol.ts';
import type { FloodOptions, LoadTally, SteadyOptions } from './chat-load-scenarios.ts';

export type PoolLoad = { type: 'steady'; options: SteadyOptions } | { type: 'flood'; options: FloodOptions };

export interface LoadPool {
  size: number;
  /** Spreads the pairs over the processes (both members of a pair in one); answers the slowest connect, ms. */
  connect(pairs: BenchPair[], server: { port: number; host: string }): Promise<number>;
  /** Runs the load in every process over the same window; one tally per process. */
  run(
    load: PoolLoad,
    profileFile: (worker: number) => string | null,
  ): Promise<{ tallies: LoadTally[]; profiles: (ProfileSummary | null)[] }>;
  disconnect(): Promise<void>;
  close(): Promise<void>;
}

const ANSWER_MARGIN_MS = 60_000;

interface Worker {
  child: ChildProcess;
  ask(request: LoadWorkerRequest, timeoutMs?: number): Promise<LoadWorkerReply>;
}

/** A load process (chat-load-worker.ts; tsx's loader comes with execArgv); it answers one request at a time. */
function forkWorker(): Worker {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'chat-load-worker.ts'), { stdio: 'inherit' });
  function ask(request: LoadWorkerRequest, timeoutMs = ANSWER_MARGIN_MS): Promise<LoadWorkerReply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`load process did not answer ${request.type} in time`)),
        timeoutMs,
      );
      function onMessage(message: unknown): void {
        if (!isLoadWorkerReply(message)) return;
        if (message.type === 'error') finish(new Error(`load process: ${message.message}`));
        else finish(null, message);
      }
      function onExit(code: number | null): void {
        finish(new Error(`load process exited (code ${code})`));
      }
      function finish(error: Error | null, reply?: LoadWorkerReply): void {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (reply) resolve(reply);
        else reject(error ?? new Error('load process gave no answer'));
      }
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(request);
    });
  }
  return { child, ask };
}

/**
 * `size` load processes: with one, the clients share one event loop; with
 * more, the load generator can use more than one core (the machine has two,
 * one of them the server's).
 */
export function startLoadPool(size: number): LoadPool {
  const workers = Array.from({ length: size }, forkWorker);
  let totalPairs = 0;

  return {
    size,
    async connect(pairs, server) {
      totalPairs = pairs.length;
      const replies = await Promise.all(
        workers.map((worker, workerIndex) =>
          worker.ask({
            type: 'connect',
            pairs: pairs
              .map((pair, index) => ({ index, pair }))
              .filter(({ index }) => index % workers.length === workerIndex),
            totalPairs,
            ...server,
          }),
        ),
      );
      return Math.max(...replies.map((reply) => (reply.type === 'connected' ? reply.connectMs : 0)));
    },
    async run(load, profileFile) {
      const timeoutMs = load.options.durationMs + load.options.graceMs + ANSWER_MARGIN_MS;
      const replies = await Promise.all(
        workers.map((worker, index) => worker.ask({ ...load, profileFile: profileFile(index) }, timeoutMs)),
      );
      const tallies: LoadTally[] = [];
      const profiles: (ProfileSummary | null)[] = [];
      for (const reply of replies) {
        if (reply.type !== 'tally') throw new Error(`load process answered ${reply.type}`);
        tallies.push(reply.tally);
        profiles.push(reply.profile);
      }
      return { tallies, profiles };
    },
    async disconnect() {
      await Promise.all(workers.map((worker) => worker.ask({ type: 'disconnect' })));
    },
    async close() {
      await Promise.all(
        workers.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          if (child.connected) child.disconnect();
          const timer = setTimeout(() => child.kill(), 10_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
}
