import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@campus/sync-server/node-flags';
import { startBenchProcess } from './bench-process.ts';
import {
  type BenchPair,
  type ChatServerReply,
  type ChatServerRequest,
  isChatServerReply,
  type ServerMemory,
  type SqlTiming,
} from './chat-bench-protocol.ts';
import type { ProfileSummary } from './chat-cpu-profile.ts';

export type ChatServerKind = 'reference' | 'ours';

interface ServerCpu {
  ms: number;
  loopActiveMs: number;
}

export interface ChatServerHost {
  kind: ChatServerKind;
  port: number;
  pid: number;
  /** `count` two-member conversations the clients may open (ours: seeded in its database). */
  seed(count: number): Promise<{ pairs: BenchPair[]; ms: number }>;
  /** After a full garbage collection in the server process. */
  memory(): Promise<ServerMemory>;
  /** The server process's CPU time and event-loop busy time so far, ms. */
  cpu(): Promise<ServerCpu>;
  /** Ours: the messages its chats' logs hold (each doc rebuilt from its log), the log rows, and chats whose inbox columns lag their log. */
  stored(): Promise<{ storedMessages: number; logRows: number; inboxBehind: number }>;
  /** SQL timed since the last ask (ours with CHAT_BENCH_SQL=1). */
  sql(): Promise<SqlTiming[]>;
  startProfile(): Promise<void>;
  /** Writes the profile since startProfile() to `file`; answers where its samples fell. */
  stopProfile(file: string): Promise<ProfileSummary>;
  /** Open chat sockets, as the server counts them. */
  sockets(): Promise<number>;
  close(): Promise<void>;
}

const ANSWER_TIMEOUT_MS = 60_000;
const SCRIPTS: Record<ChatServerKind, string> = {
  reference: 'chat-reference-process.ts',
  ours: 'chat-server-process.ts',
};

type Ask = ChatServerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * Forks the server's process (it inherits tsx's loader through execArgv,
 * plus --expose-gc so memory is read after a full collection, and ours the
 * V8 flags of SERVER_NODE_FLAGS, as `npm run serve` runs it), waits until
 * it listens, and asks it for conversations, memory, CPU, socket counts,
 * SQL timings and profiles.
 */
export async function startChatServer(kind: ChatServerKind): Promise<ChatServerHost> {
  // Ours runs with the flags it runs with in production; the reference as its bin runs it.
  const serverFlags = kind === 'ours' ? SERVER_NODE_FLAGS : [];
  const execArgv = [...process.execArgv, '--expose-gc', ...serverFlags];
  const server = await startBenchProcess<ChatServerReply, Ask>({
    script: path.join(import.meta.dirname, SCRIPTS[kind]),
    label: `the ${kind} server`,
    isReply: isChatServerReply,
    execArgv,
    answerTimeoutMs: ANSWER_TIMEOUT_MS,
    killAfterMs: 20_000,
  });
  const { ask } = server;

  return {
    kind,
    port: server.port,
    pid: server.pid,
    async seed(count) {
      const { pairs, ms } = await ask({ type: 'seed', pairs: count, campusId: 'ou' }, 'seed');
      return { pairs, ms };
    },
    async memory() {
      return (await ask({ type: 'memory' }, 'memory')).memory;
    },
    async cpu() {
      const { ms, loopActiveMs } = await ask({ type: 'cpu' }, 'cpu');
      return { ms, loopActiveMs };
    },
    async stored() {
      const { storedMessages, logRows, inboxBehind } = await ask({ type: 'stored' }, 'stored');
      return { storedMessages, logRows, inboxBehind };
    },
    async sql() {
      return (await ask({ type: 'sql' }, 'sql')).statements;
    },
    async startProfile() {
      await ask({ type: 'profile', action: 'start' }, 'profile');
    },
    async stopProfile(file) {
      const { summary } = await ask({ type: 'profile', action: 'stop', file }, 'profile');
      if (!summary) throw new Error(`the ${kind} server wrote no profile`);
      return summary;
    },
    async sockets() {
      return (await ask({ type: 'sockets' }, 'sockets')).count;
    },
    close: server.close,
  };
}
