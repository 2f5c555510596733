import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { LoadPlan, LoadSummary } from './http-load.ts';
import { isLoadReply, type RunLoadMessage } from './load-protocol.ts';

export interface LoadRunner {
  run(plan: LoadPlan): Promise<LoadSummary>;
  close(): Promise<void>;
}

/**
 * Forks the load worker, autocannon in its own process (autocannon-worker.ts;
 * tsx's loader comes with execArgv), and sends it one plan at a time; each
 * run is bounded by its own time limit plus a margin.
 */
export function startLoadRunner(): LoadRunner {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'autocannon-worker.ts'), { stdio: 'inherit' });

  function run(plan: LoadPlan): Promise<LoadSummary> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error('load worker did not answer in time')),
        plan.timeLimitMs + 30_000,
      );
      function onMessage(message: unknown): void {
        if (!isLoadReply(message)) return;
        if (message.type === 'result') finish(null, message.summary);
        else finish(new Error(`load worker: ${message.message}`));
      }
      function onExit(code: number | null): void {
        finish(new Error(`load worker exited (code ${code})`));
      }
      function finish(error: Error | null, summary?: LoadSummary): void {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (summary) resolve(summary);
        else reject(error ?? new Error('load worker gave no result'));
      }
      child.on('message', onMessage);
      child.once('exit', onExit);
      const message: RunLoadMessage = { type: 'run', plan };
      child.send(message);
    });
  }

  async function close(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  return { run, close };
}
