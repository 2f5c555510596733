/**
 * The two loads of the chat bench (issue 6), driven from one process over
 * chat-load-client.ts: (a) every client sends one message a second, spread
 * evenly over the second; (b) every client keeps `window` messages on their
 * way to the other member, sending the next as soon as one lands.
 * Each message is timed from its send until the other member's doc holds it.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchPair } from './chat-bench-protocol.ts';
import { type ChatLoadClient, connectChatClient, nowMs, sentAtOf } from './chat-load-client.ts';

export interface ConnectedPairs {
  clients: ChatLoadClient[];
  /** The other member of each client's conversation. */
  peerOf: Map<ChatLoadClient, ChatLoadClient>;
  connectMs: number;
}

/** Opens both members of every pair, `concurrency` handshakes at a time, and waits until each is synced. */
export async function connectPairs(
  pairs: BenchPair[],
  server: { port: number; host: string },
  concurrency = 50,
): Promise<ConnectedPairs> {
  const started = performance.now();
  const targets = pairs.flatMap((pair) =>
    pair.members.map((member) => ({ ...server, chatId: pair.chatId, userId: member.userId, token: member.token })),
  );
  const clients: ChatLoadClient[] = new Array(targets.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < targets.length) {
      const index = next++;
      const target = targets[index];
      if (!target) return;
      const client = connectChatClient(target);
      clients[index] = client;
      await client.synced;
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));
  } catch (error) {
    await closeClients(clients.filter(Boolean));
    throw error;
  }
  const peerOf = new Map<ChatLoadClient, ChatLoadClient>();
  for (let index = 0; index < clients.length; index += 2) {
    const a = clients[index] as ChatLoadClient;
    const b = clients[index + 1] as ChatLoadClient;
    peerOf.set(a, b);
    peerOf.set(b, a);
  }
  return { clients, peerOf, connectMs: performance.now() - started };
}

export async function closeClients(clients: ChatLoadClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
}

export interface LoadResult {
  /** Messages sent inside the measured window. */
  sent: number;
  /** Messages that landed at the other member inside the window, per second of it. */
  deliveredPerSecond: number;
  /** Send → the other member's doc holds it, for the messages sent inside the window, ms. */
  latencies: number[];
  /** Messages sent inside the window that never landed (after the grace period). */
  lost: number;
  windowMs: number;
  /** How late sends started against their schedule (a), ms: the generator falling behind shows here. */
  slipMs: number[];
  /** This process over the window: CPU % of one core and event-loop utilisation (0–1). */
  generatorCpuPercent: number;
  generatorLoop: number;
  /** The server process over the window: CPU % of one core and event-loop utilisation (0–1). */
  serverCpuPercent: number;
  serverLoop: number;
}

interface Tally {
  windowStart: number;
  windowEnd: number;
  sentInWindow: number;
  deliveredInWindow: number;
  latencies: number[];
  /** Sent inside the window and not landed yet. */
  outstanding: number;
}

function newTally(): Tally {
  return {
    windowStart: Number.POSITIVE_INFINITY,
    windowEnd: Number.POSITIVE_INFINITY,
    sentInWindow: 0,
    deliveredInWindow: 0,
    latencies: [],
    outstanding: 0,
  };
}

function isInWindow(tally: Tally, at: number): boolean {
  return at >= tally.windowStart && at < tally.windowEnd;
}

/** A message sent at `sentAt` is timed (and awaited) when it was sent inside the window. */
function countSent(tally: Tally, sentAt: number): void {
  if (!isInWindow(tally, sentAt)) return;
  tally.sentInWindow += 1;
  tally.outstanding += 1;
}

/** Every delivery goes to `tally`; `onLanded` hears which client's message landed. */
function listen(connected: ConnectedPairs, tally: Tally, onLanded: (sender: ChatLoadClient) => void): void {
  for (const client of connected.clients) {
    const sender = connected.peerOf.get(client) as ChatLoadClient;
    client.onDelivered = (message, receivedAt) => {
      const sentAt = sentAtOf(message.text);
      if (isInWindow(tally, sentAt)) {
        tally.latencies.push(receivedAt - sentAt);
        tally.outstanding -= 1;
      }
      if (isInWindow(tally, receivedAt)) tally.deliveredInWindow += 1;
      onLanded(sender);
    };
  }
}

function unexpectedCloseOf(clients: ChatLoadClient[]): string | null {
  for (const client of clients) if (client.unexpectedClose) return client.unexpectedClose;
  return null;
}

interface Meter {
  stop(): Promise<Pick<LoadResult, 'generatorCpuPercent' | 'generatorLoop' | 'serverCpuPercent' | 'serverLoop'>>;
}

/** The server process's CPU and event-loop busy time so far, ms. */
export type ServerCpuProbe = () => Promise<{ ms: number; loopActiveMs: number }>;

async function startMeter(serverCpu: ServerCpuProbe): Promise<Meter> {
  const serverBefore = await serverCpu();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  return {
    async stop() {
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const loop = performance.eventLoopUtilization(loopBefore);
      const serverAfter = await serverCpu();
      return {
        generatorCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsed) * 100,
        generatorLoop: loop.utilization,
        serverCpuPercent: ((serverAfter.ms - serverBefore.ms) / elapsed) * 100,
        serverLoop: (serverAfter.loopActiveMs - serverBefore.loopActiveMs) / elapsed,
      };
    },
  };
}

/** Waits until every message sent inside the window has landed, or `graceMs` passed. */
async function drain(tally: Tally, graceMs: number): Promise<void> {
  const until = performance.now() + graceMs;
  while (tally.outstanding > 0 && performance.now() < until) await sleep(20);
}

function result(tally: Tally, slipMs: number[], meter: Awaited<ReturnType<Meter['stop']>>): LoadResult {
  const windowMs = tally.windowEnd - tally.windowStart;
  return {
    sent: tally.sentInWindow,
    deliveredPerSecond: tally.deliveredInWindow / (windowMs / 1000),
    latencies: tally.latencies,
    lost: tally.outstanding,
    windowMs,
    slipMs,
    ...meter,
  };
}

/**
 * (a) Each client sends `perSecond` messages a second for `durationMs`, the
 * clients' sends spread evenly over each second (client i at i/N of it).
 */
export async function runSteady(
  connected: ConnectedPairs,
  options: { perSecond: number; durationMs: number; graceMs: number; serverCpu: ServerCpuProbe },
): Promise<LoadResult> {
  const { clients } = connected;
  const tally = newTally();
  listen(connected, tally, () => {});
  const meter = await startMeter(options.serverCpu);
  const periodMs = 1000 / options.perSecond;
  const rounds = Math.round((options.durationMs / 1000) * options.perSecond);
  const start = nowMs() + 20;
  tally.windowStart = start;
  tally.windowEnd = start + rounds * periodMs;
  const slipMs: number[] = [];
  let sequence = 0;
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < clients.length; index++) {
      const due = start + round * periodMs + (index * periodMs) / clients.length;
      const wait = due - nowMs();
      if (wait > 1) await sleep(wait);
      slipMs.push(Math.max(0, nowMs() - due));
      countSent(tally, (clients[index] as ChatLoadClient).send(sequence++));
    }
  }
  const waitForEnd = tally.windowEnd - nowMs();
  if (waitForEnd > 0) await sleep(waitForEnd);
  const metered = await meter.stop();
  await drain(tally, options.graceMs);
  const closed = unexpectedCloseOf(clients);
  if (closed) throw new Error(`a client's socket closed during the run: ${closed}`);
  return result(tally, slipMs, metered);
}

/**
 * (b) As fast as they can: each client keeps `window` of its messages on
 * their way (sent, not yet in the other member's doc) and sends the next the
 * moment one lands, for `durationMs`.
 */
export async function runFlood(
  connected: ConnectedPairs,
  options: { window: number; durationMs: number; graceMs: number; serverCpu: ServerCpuProbe },
): Promise<LoadResult> {
  const { clients } = connected;
  const tally = newTally();
  let sequence = 0;
  let isSending = true;
  function sendFrom(client: ChatLoadClient): void {
    countSent(tally, client.send(sequence++));
  }
  listen(connected, tally, (sender) => {
    if (isSending) sendFrom(sender);
  });
  const meter = await startMeter(options.serverCpu);
  tally.windowStart = nowMs();
  tally.windowEnd = tally.windowStart + options.durationMs;
  for (let slot = 0; slot < options.window; slot++) for (const client of clients) sendFrom(client);
  await sleep(options.durationMs);
  isSending = false;
  const metered = await meter.stop();
  await drain(tally, options.graceMs);
  const closed = unexpectedCloseOf(clients);
  if (closed) throw new Error(`a client's socket closed during the run: ${closed}`);
  return result(tally, [], metered);
}
