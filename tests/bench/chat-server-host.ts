import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@campus/sync-server/node-flags';
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
  const child: ChildProcess = fork(path.join(import.meta.dirname, SCRIPTS[kind]), { stdio: 'inherit', execArgv });
  const waiting = new Map<number, (reply: ChatServerReply) => void>();
  let nextId = 1;
  let onReady: ((reply: ChatServerReply) => void) | undefined;

  child.on('message', (message: unknown) => {
    if (!isChatServerReply(message)) return;
    const id = message.type === 'ready' ? null : message.id;
    if (id === null) {
      onReady?.(message);
      return;
    }
    waiting.get(id)?.(message);
    waiting.delete(id);
  });
  child.once('exit', (code) => {
    const exited: ChatServerReply = { id: null, type: 'error', message: `the ${kind} server exited (code ${code})` };
    onReady?.(exited);
    for (const resolve of waiting.values()) resolve(exited);
    waiting.clear();
  });

  const ready = await new Promise<ChatServerReply>((resolve) => {
    onReady = resolve;
  });
  onReady = undefined;
  if (ready.type !== 'ready') {
    child.kill();
    throw new Error(`the ${kind} server did not start: ${ready.type === 'error' ? ready.message : ready.type}`);
  }

  function ask<T extends ChatServerReply['type']>(
    request: Ask,
    expected: T,
  ): Promise<Extract<ChatServerReply, { type: T }>> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the ${kind} server did not answer ${request.type} in time`));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.type === expected) resolve(reply as Extract<ChatServerReply, { type: T }>);
        else reject(new Error(`${kind} server: ${reply.type === 'error' ? reply.message : reply.type}`));
      });
      child.send({ id, ...request });
    });
  }

  async function close(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill(), 20_000);
    await exited;
    clearTimeout(timer);
  }

  return {
    kind,
    port: ready.port,
    pid: child.pid ?? 0,
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
    close,
  };
}
