import path from 'node:path';
import { startBenchProcess } from './bench-process.ts';
import { isSyncServerReply, type SyncServerReply, type UserCensus } from './sync-protocol.ts';

type SyncServerAsk =
  | { type: 'member'; campusId: string }
  | { type: 'census'; userId: string }
  | { type: 'socketCount' }
  | { type: 'cpu' };

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
  const server = await startBenchProcess<SyncServerReply, SyncServerAsk>({
    script: path.join(import.meta.dirname, 'sync-server-process.ts'),
    label: 'the server process',
    isReply: isSyncServerReply,
    answerTimeoutMs: ANSWER_TIMEOUT_MS,
    killAfterMs: 15_000,
  });
  const { ask } = server;

  return {
    port: server.port,
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
    close: server.close,
  };
}
