import { type ChildProcess, fork } from 'node:child_process';

/** What a benchmark's server process answers: 'ready' once it listens, then one reply per request id. */
type ProcessReply = { type: 'ready'; port: number } | { type: string; id: number | null; message?: unknown };

export interface BenchProcess<Reply extends ProcessReply, Request extends { type: string }> {
  port: number;
  pid: number;
  /** Sends `request` and waits for its reply of type `expected` (an error reply or the time limit rejects). */
  ask<T extends Reply['type']>(request: Request, expected: T): Promise<Extract<Reply, { type: T }>>;
  /** Disconnects the process and waits for it to exit (killed after `killAfterMs`). */
  close(): Promise<void>;
}

/**
 * Forks a benchmark's server process (it inherits tsx's loader through execArgv), waits until it
 * listens, and asks it questions over the IPC channel, each by an id the reply carries back.
 */
export async function startBenchProcess<Reply extends ProcessReply, Request extends { type: string }>(options: {
  script: string;
  /** How errors name the process: 'the server process', 'the ours server'. */
  label: string;
  isReply(message: unknown): message is Reply;
  execArgv?: string[];
  answerTimeoutMs: number;
  killAfterMs: number;
}): Promise<BenchProcess<Reply, Request>> {
  const { label } = options;
  const child: ChildProcess = fork(options.script, {
    stdio: 'inherit',
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
  });
  const waiting = new Map<number, (reply: ProcessReply) => void>();
  let nextId = 1;
  let onReady: ((reply: ProcessReply) => void) | undefined;

  child.on('message', (message: unknown) => {
    if (!options.isReply(message)) return;
    const id = 'id' in message && typeof message.id === 'number' ? message.id : null;
    if (id === null) {
      onReady?.(message);
      return;
    }
    waiting.get(id)?.(message);
    waiting.delete(id);
  });
  child.once('exit', (code) => {
    const exited: ProcessReply = { id: null, type: 'error', message: `${label} exited (code ${code})` };
    onReady?.(exited);
    for (const resolve of waiting.values()) resolve(exited);
    waiting.clear();
  });

  const ready = await new Promise<ProcessReply>((resolve) => {
    onReady = resolve;
  });
  onReady = undefined;
  if (ready.type !== 'ready' || !('port' in ready)) {
    child.kill();
    throw new Error(`${label} did not start: ${'message' in ready ? String(ready.message) : ready.type}`);
  }

  return {
    port: ready.port,
    pid: child.pid ?? 0,
    ask(request, expected) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`${label} did not answer ${request.type} in time`));
        }, options.answerTimeoutMs);
        waiting.set(id, (reply) => {
          clearTimeout(timer);
          if (reply.type === expected) resolve(reply as Extract<Reply, { type: typeof expected }>);
          else reject(new Error(`${label}: ${'message' in reply ? String(reply.message) : reply.type}`));
        });
        child.send({ id, ...request });
      });
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill(), options.killAfterMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
