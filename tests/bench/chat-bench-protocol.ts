/**
 * Messages between chat.bench.ts and the server processes it forks
 * (chat-server-process.ts: ours; chat-reference-process.ts: @y/websocket-server),
 * over node IPC.
 */
import { performance } from 'node:perf_hooks';
import { type ProfileSummary, startCpuProfile, stopCpuProfile } from './chat-cpu-profile.ts';

/** One conversation of the bench: the chat id and, per member, the session cookie's value. */
export interface BenchPair {
  chatId: string;
  members: [BenchPairMember, BenchPairMember];
}

export interface BenchPairMember {
  userId: string;
  /** The session cookie's value (ours); the reference ignores it. */
  token: string;
}

/** process.memoryUsage() after a full garbage collection, bytes. */
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

export type ChatServerRequest =
  /** Ours: users, sessions and chats in the server's own database; the reference: ids only. */
  | { id: number; type: 'seed'; pairs: number; campusId: string }
  | { id: number; type: 'memory' }
  | { id: number; type: 'cpu' }
  | { id: number; type: 'sockets' }
  /** Ours: what its database holds for the bench's messages. */
  | { id: number; type: 'stored' }
  /** SQL statements run since the last ask (CHAT_BENCH_SQL=1; else none). */
  | { id: number; type: 'sql' }
  /** A CPU profile of the server process from start to stop, written to `file` (chat-cpu-profile.ts). */
  | { id: number; type: 'profile'; action: 'start' }
  | { id: number; type: 'profile'; action: 'stop'; file: string };

export type ChatServerReply =
  | { type: 'ready'; port: number }
  | { id: number; type: 'seed'; pairs: BenchPair[]; ms: number }
  | { id: number; type: 'memory'; memory: ServerMemory }
  /** The server process's CPU time (user + system) and event-loop busy time so far, ms. */
  | { id: number; type: 'cpu'; ms: number; loopActiveMs: number }
  /** Open chat sockets. */
  | { id: number; type: 'sockets'; count: number }
  | { id: number; type: 'sql'; statements: SqlTiming[] }
  /** One 'new chat' or 'message' notification per stored message; the log as compaction left it. */
  | { id: number; type: 'stored'; storedMessages: number; logRows: number; inboxBehind: number }
  | { id: number; type: 'profile'; summary: ProfileSummary | null }
  | { id: number | null; type: 'error'; message: string };

/** Time spent in one SQL text (better-sqlite3's run/all/get, so BEGIN and COMMIT count too). */
export interface SqlTiming {
  sql: string;
  count: number;
  ms: number;
  maxMs: number;
  /** Calls of 5 ms or more. */
  slow: number;
}

const REQUEST_TYPES = ['seed', 'memory', 'cpu', 'sockets', 'stored', 'sql', 'profile'];
const REPLY_TYPES = ['ready', 'seed', 'memory', 'cpu', 'sockets', 'stored', 'sql', 'profile', 'error'];

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isChatServerRequest(value: unknown): value is ChatServerRequest {
  return hasType(value) && 'id' in value && REQUEST_TYPES.includes(String(value.type));
}

export function isChatServerReply(value: unknown): value is ChatServerReply {
  return hasType(value) && REPLY_TYPES.includes(String(value.type));
}

/** Runs a full collection when the process was started with --expose-gc, then reads memory. */
export function measuredMemory(): ServerMemory {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect) {
    collect();
    collect();
  }
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external, arrayBuffers };
}

/** This process's CPU time and event-loop busy time so far, ms. */
export function cpuAndLoop(): { ms: number; loopActiveMs: number } {
  const { user, system } = process.cpuUsage();
  return { ms: (user + system) / 1000, loopActiveMs: performance.eventLoopUtilization().active };
}

/** Both server processes answer a profile request the same way. */
export async function profileStep(
  request: Extract<ChatServerRequest, { type: 'profile' }>,
): Promise<Extract<ChatServerReply, { type: 'profile' }>> {
  if (request.action === 'start') {
    await startCpuProfile();
    return { id: request.id, type: 'profile', summary: null };
  }
  return { id: request.id, type: 'profile', summary: await stopCpuProfile(request.file) };
}
