import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { isSyncServerReply, type SyncServerReply, type UserCensus } from './sync-protocol.ts';

interface BenchMember {
  userId: string;
  /** The session cookie's value. */
  token: string;
}

export interface SyncServerHost {
  port: number;
  /** A verified student of `campusId` with a set-up profile, signed in. */
  member(campusId?: string): Promise<BenchMember>;
  census(userId: string): Promise<UserCensus>;
  socketCount(): Promise<number>;
  /** The server process's CPU time so far, ms. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

const ANSWER_TIMEOUT_MS = 30_000;

/**
 * Forks sync-server-process.ts (it inherits tsx's loader through execArgv),
 * waits until the real server listens, and asks it for members and counts.
 */
export async function startSyncServer(): Promise<SyncServerHost> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'sync-server-process.ts'), { stdio: 'inherit' });
  const waiting = new Map<number, (reply: SyncServerReply) => void>();
  let nextId = 1;
  let onReady: ((reply: SyncServerReply) => void) | undefined;

  child.on('message', (message: unknown) => {
    if (!isSyncServerReply(message)) return;
    const id = message.type === 'ready' ? null : message.id;
    if (id === null) {
      onReady?.(message);
      return;
    }
    waiting.get(id)?.(message);
    waiting.delete(id);
  });
  child.once('exit', (code) => {
    const exited: SyncServerReply = { id: null, type: 'error', message: `the server process exited (code ${code})` };
    onReady?.(exited);
    for (const resolve of waiting.values()) resolve(exited);
    waiting.clear();
  });

  const ready = await new Promise<SyncServerReply>((resolve) => {
    onReady = resolve;
  });
  onReady = undefined;
  if (ready.type !== 'ready') {
    child.kill();
    throw new Error(`the server did not start: ${ready.type === 'error' ? ready.message : ready.type}`);
  }

  function ask<T extends SyncServerReply['type']>(
    request:
      | { type: 'member'; campusId: string }
      | { type: 'census'; userId: string }
      | { type: 'socketCount' }
      | { type: 'cpu' },
    expected: T,
  ): Promise<Extract<SyncServerReply, { type: T }>> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the server process did not answer ${request.type} in time`));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.type === expected) resolve(reply as Extract<SyncServerReply, { type: T }>);
        else reject(new Error(`server process: ${reply.type === 'error' ? reply.message : reply.type}`));
      });
      child.send({ id, ...request });
    });
  }

  async function close(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill(), 15_000);
    await exited;
    clearTimeout(timer);
  }

  return {
    port: ready.port,
    async member(campusId = 'ou') {
      const { userId, token } = await ask({ type: 'member', campusId }, 'member');
      return { userId, token };
    },
    async census(userId) {
      return (await ask({ type: 'census', userId }, 'census')).census;
    },
    async socketCount() {
      return (await ask({ type: 'socketCount' }, 'socketCount')).count;
    },
    async cpuMs() {
      return (await ask({ type: 'cpu' }, 'cpu')).ms;
    },
    close,
  };
}
