/**
 * The two loads of the chat bench (issue 6), run by each load process
 * (chat-load-worker.ts) over its share of the clients (chat-load-client.ts):
 * (a) every client sends one message a second, the clients of all processes
 *     spread evenly over the second;
 * (b) every client keeps `window` messages on their way to the other member,
 *     sending the next as soon as one lands.
 * Each message is timed from its send until the other member's doc holds
 * it; both members of a conversation are always in the same process. Every
 * process measures the same window, from `startAt` (wall clock, ms).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchPair } from './chat-bench-protocol.ts';
import { type ChatLoadClient, connectChatClient, nowMs, sentAtOf } from './chat-load-client.ts';

export interface ConnectedPairs {
  clients: ChatLoadClient[];
  /** The other member of each client's conversation. */
  peerOf: Map<ChatLoadClient, ChatLoadClient>;
  /** Where in each second a client sends in (a), 0–1, over the clients of every process. */
  phaseOf: Map<ChatLoadClient, number>;
  connectMs: number;
}

/** A conversation and its place among all of the run's conversations. */
export interface IndexedPair {
  index: number;
  pair: BenchPair;
}

/** Opens both members of every pair, `concurrency` handshakes at a time, and waits until each is synced. */
export async function connectPairs(
  pairs: IndexedPair[],
  totalPairs: number,
  server: { port: number; host: string },
  concurrency = 50,
): Promise<ConnectedPairs> {
  const started = performance.now();
  const targets = pairs.flatMap(({ index, pair }) =>
    pair.members.map((member, memberIndex) => ({
      target: { ...server, chatId: pair.chatId, userId: member.userId, token: member.token },
      phase: (index * 2 + memberIndex) / (totalPairs * 2),
    })),
  );
  const clients: ChatLoadClient[] = new Array(targets.length);
  const phaseOf = new Map<ChatLoadClient, number>();
  let next = 0;
  async function lane(): Promise<void> {
    while (next < targets.length) {
      const index = next++;
      const entry = targets[index];
      if (!entry) return;
      const client = connectChatClient(entry.target);
      clients[index] = client;
      phaseOf.set(client, entry.phase);
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
  return { clients, peerOf, phaseOf, connectMs: performance.now() - started };
}

export async function closeClients(clients: ChatLoadClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close()));
}

/** What one load process saw over the window. */
export interface LoadTally {
  /** Messages sent inside the window. */
  sent: number;
  /** Every message sent in the run, inside the window or not. */
  allSent: number;
  /** Messages that landed at the other member inside the window. */
  delivered: number;
  /** Send → the other member's doc holds it, for the messages sent inside the window, ms. */
  latencies: number[];
  /** Messages sent inside the window that never landed (after the grace period). */
  lost: number;
  windowMs: number;
  /** How late sends started against their schedule (a), ms: the generator falling behind shows here. */
  slipMs: number[];
  /** This process's CPU time and event-loop busy time over the window, ms. */
  cpuMs: number;
  loopActiveMs: number;
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

function newTally(startAt: number, durationMs: number): Tally {
  return {
    windowStart: startAt,
    windowEnd: startAt + durationMs,
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

function throwOnUnexpectedClose(clients: ChatLoadClient[]): void {
  for (const client of clients) {
    if (client.unexpectedClose) throw new Error(`a client's socket closed during the run: ${client.unexpectedClose}`);
  }
}

/** This process's CPU and event loop from the window's start to its end. */
function startMeter(): () => Pick<LoadTally, 'cpuMs' | 'loopActiveMs'> {
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  return () => {
    const cpu = process.cpuUsage(cpuBefore);
    return {
      cpuMs: (cpu.user + cpu.system) / 1000,
      loopActiveMs: performance.eventLoopUtilization(loopBefore).active,
    };
  };
}

async function sleepUntil(at: number): Promise<void> {
  const wait = at - nowMs();
  if (wait > 0) await sleep(wait);
}

/** Waits until every message sent inside the window has landed, or `graceMs` passed. */
async function drain(tally: Tally, graceMs: number): Promise<void> {
  const until = performance.now() + graceMs;
  while (tally.outstanding > 0 && performance.now() < until) await sleep(20);
}

function tallied(
  tally: Tally,
  allSent: number,
  slipMs: number[],
  meter: Pick<LoadTally, 'cpuMs' | 'loopActiveMs'>,
): LoadTally {
  return {
    sent: tally.sentInWindow,
    allSent,
    delivered: tally.deliveredInWindow,
    latencies: tally.latencies,
    lost: tally.outstanding,
    windowMs: tally.windowEnd - tally.windowStart,
    slipMs,
    ...meter,
  };
}

export interface SteadyOptions {
  perSecond: number;
  durationMs: number;
  graceMs: number;
  startAt: number;
}

/**
 * (a) Each client sends `perSecond` messages a second for `durationMs` from
 * `startAt`, at its phase of each period (client i of N at i/N of it).
 */
export async function runSteady(connected: ConnectedPairs, options: SteadyOptions): Promise<LoadTally> {
  const clients = [...connected.clients].sort(
    (a, b) => (connected.phaseOf.get(a) ?? 0) - (connected.phaseOf.get(b) ?? 0),
  );
  const tally = newTally(options.startAt, options.durationMs);
  listen(connected, tally, () => {});
  const periodMs = 1000 / options.perSecond;
  const rounds = Math.round((options.durationMs / 1000) * options.perSecond);
  const slipMs: number[] = [];
  let sequence = 0;
  await sleepUntil(options.startAt);
  const stopMeter = startMeter();
  for (let round = 0; round < rounds; round++) {
    for (const client of clients) {
      const due = options.startAt + (round + (connected.phaseOf.get(client) ?? 0)) * periodMs;
      const wait = due - nowMs();
      if (wait > 0) await sleep(wait);
      slipMs.push(Math.max(0, nowMs() - due));
      countSent(tally, client.send(sequence++));
    }
  }
  await sleepUntil(tally.windowEnd);
  const metered = stopMeter();
  await drain(tally, options.graceMs);
  throwOnUnexpectedClose(clients);
  return tallied(tally, sequence, slipMs, metered);
}

export interface FloodOptions {
  window: number;
  durationMs: number;
  graceMs: number;
  startAt: number;
}

/**
 * (b) As fast as they can: from `startAt`, each client keeps `window` of its
 * messages on their way (sent, not yet in the other member's doc) and sends
 * the next the moment one lands, for `durationMs`.
 */
export async function runFlood(connected: ConnectedPairs, options: FloodOptions): Promise<LoadTally> {
  const { clients } = connected;
  const tally = newTally(options.startAt, options.durationMs);
  let sequence = 0;
  let isSending = true;
  function sendFrom(client: ChatLoadClient): void {
    countSent(tally, client.send(sequence++));
  }
  listen(connected, tally, (sender) => {
    if (isSending) sendFrom(sender);
  });
  await sleepUntil(options.startAt);
  const stopMeter = startMeter();
  for (let slot = 0; slot < options.window; slot++) for (const client of clients) sendFrom(client);
  await sleepUntil(tally.windowEnd);
  isSending = false;
  const metered = stopMeter();
  await drain(tally, options.graceMs);
  throwOnUnexpectedClose(clients);
  return tallied(tally, sequence, [], metered);
}
