/**
 * One server's part of chat.bench.ts: start it with load processes of its
 * own, seed its conversations, measure its memory with 0 and N idle
 * clients; then run the (a) rounds it is asked for, each after a warm-up,
 * and at the end (b) after its own warm-up, and stop it.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerMemory, SqlTiming } from './chat-bench-protocol.ts';
import type { ProfileSummary } from './chat-cpu-profile.ts';
import { nowMs } from './chat-load-client.ts';
import { type LoadPool, type PoolLoad, startLoadPool } from './chat-load-pool.ts';
import type { FloodOptions, LoadTally, SteadyOptions } from './chat-load-scenarios.ts';
import { type ChatServerHost, type ChatServerKind, startChatServer } from './chat-server-host.ts';

export interface ChatBenchPlan {
  host: string;
  steady: { pairs: number; perSecond: number; durationMs: number; warmUpMs: number; graceMs: number };
  flood: { pairs: number; window: number; durationMs: number; warmUpMs: number; graceMs: number };
  /** Writes CPU profiles of each measured run there. */
  profileDir: string | undefined;
}

/** One measured run, over every load process. */
export interface LoadResult {
  /** Messages sent inside the window. */
  sent: number;
  /** Every message sent in the run (in both runs when it was measured again). */
  allSent: number;
  /** Messages that landed at the other member inside the window, per second of it. */
  deliveredPerSecond: number;
  /** Send → the other member's doc holds it, for the messages sent inside the window, ms. */
  latencies: number[];
  /** Sent inside the window and never landed. */
  lost: number;
  windowMs: number;
  /** (a): how late sends started against their schedule, ms. */
  slipMs: number[];
  /** The load processes' CPU over the window (added up, % of one core) and the busiest one's event loop (0–1). */
  generatorCpuPercent: number;
  generatorLoop: number;
  /** The server process over the window: CPU % of one core and event-loop utilisation (0–1). */
  serverCpuPercent: number;
  serverLoop: number;
  /** Every other process on the machine over the window, % of one core: another job running skews the figures. */
  othersCpuPercent: number;
  /** CPU the hypervisor took from this machine over the window, % of one core. */
  stealPercent: number;
  /** Ours with CHAT_BENCH_SQL=1: SQL time by statement over the window. */
  sql: SqlTiming[];
  /** With a profile directory: where the server's and the first load process's samples fell. */
  profile: { server: ProfileSummary; generator: ProfileSummary | null } | null;
}

export interface ServerRun {
  kind: ChatServerKind;
  seedMs: number;
  steadyConnectMs: number;
  /** After a full GC: with the conversations seeded and no client, with the (a) clients idle, after each load. */
  memory: { empty: ServerMemory; idle: ServerMemory; afterSteady: ServerMemory; afterFlood: ServerMemory };
  /** Clients in (a), all of them idle while the idle memory is read; clients in (b). */
  idleClients: number;
  floodClients: number;
  /** (a): every round pooled (poolRounds). */
  steady: LoadResult;
  /** (a): each round on its own, in the order run. */
  steadyRounds: LoadResult[];
  flood: LoadResult;
  /** Every message the clients sent, warm-ups included. */
  messagesSent: number;
  /** Ours: what its database holds afterwards (one 'new chat' or 'message' notification per stored message). */
  stored: { storedMessages: number; logRows: number; inboxBehind: number };
}

/** Time for every load process to hear a run before its window starts. */
const START_MARGIN_MS = 200;

interface MachineCpu {
  busy: number;
  /** Time the hypervisor gave this machine's cores to someone else. */
  steal: number;
  total: number;
}

/** The machine's CPU time so far over all cores, in /proc/stat's ticks (os.cpus() without steal elsewhere). */
function machineCpu(): MachineCpu {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq;
    return { busy, steal, total: busy + idle + iowait + steal };
  } catch {
    let busy = 0;
    let total = 0;
    for (const { times } of os.cpus()) {
      busy += times.user + times.nice + times.sys + times.irq;
      total += times.user + times.nice + times.sys + times.irq + times.idle;
    }
    return { busy, steal: 0, total };
  }
}

async function sleepUntil(at: number): Promise<void> {
  const wait = at - nowMs();
  if (wait > 0) await sleep(wait);
}

async function waitForSockets(server: ChatServerHost, count: number, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const open = await server.sockets();
    if (open === count) return;
    if (Date.now() > until) throw new Error(`${server.kind}: ${open} sockets open, expected ${count} (${what})`);
    await sleep(50);
  }
}

type Load =
  | { type: 'steady'; options: Omit<SteadyOptions, 'startAt'> }
  | { type: 'flood'; options: Omit<FloodOptions, 'startAt'> };

function startingAt(load: Load, startAt: number): PoolLoad {
  return load.type === 'steady'
    ? { type: 'steady', options: { ...load.options, startAt } }
    : { type: 'flood', options: { ...load.options, startAt } };
}

function combine(
  tallies: LoadTally[],
): Omit<LoadResult, 'serverCpuPercent' | 'serverLoop' | 'othersCpuPercent' | 'stealPercent' | 'sql' | 'profile'> {
  const windowMs = tallies[0]?.windowMs ?? Number.NaN;
  const sum = (pick: (tally: LoadTally) => number) => tallies.reduce((total, tally) => total + pick(tally), 0);
  return {
    sent: sum((tally) => tally.sent),
    allSent: sum((tally) => tally.allSent),
    deliveredPerSecond: sum((tally) => tally.delivered) / (windowMs / 1000),
    latencies: tallies.flatMap((tally) => tally.latencies),
    lost: sum((tally) => tally.lost),
    windowMs,
    slipMs: tallies.flatMap((tally) => tally.slipMs),
    generatorCpuPercent: (sum((tally) => tally.cpuMs) / windowMs) * 100,
    generatorLoop: Math.max(...tallies.map((tally) => tally.loopActiveMs / windowMs)),
  };
}

/** Runs `load` in every load process over one window, reading the server's CPU at its start and end. */
async function measure(
  server: ChatServerHost,
  pool: LoadPool,
  load: Load,
  profile: { dir: string; label: string } | null,
): Promise<LoadResult> {
  await server.sql();
  if (profile) await server.startProfile();
  const startAt = nowMs() + START_MARGIN_MS;
  const windowEnd = startAt + load.options.durationMs;
  const profileFile = (worker: number) =>
    profile ? path.join(profile.dir, `load-gen-${worker}-${server.kind}-${profile.label}.cpuprofile`) : null;
  const running = pool.run(startingAt(load, startAt), profileFile);
  await sleepUntil(startAt);
  const before = { at: nowMs(), machine: machineCpu(), ...(await server.cpu()) };
  await sleepUntil(windowEnd);
  const after = { at: nowMs(), machine: machineCpu(), ...(await server.cpu()) };
  const { tallies, profiles } = await running;
  const serverProfile = profile
    ? await server.stopProfile(path.join(profile.dir, `${server.kind}-${profile.label}.cpuprofile`))
    : null;
  const elapsed = after.at - before.at;
  const machineTotal = after.machine.total - before.machine.total;
  const coresPercent = (ticks: number) => (ticks / machineTotal) * os.availableParallelism() * 100;
  const machinePercent = coresPercent(after.machine.busy - before.machine.busy);
  const combined = combine(tallies);
  const serverCpuPercent = ((after.ms - before.ms) / elapsed) * 100;
  return {
    ...combined,
    serverCpuPercent,
    othersCpuPercent: Math.max(0, machinePercent - serverCpuPercent - combined.generatorCpuPercent),
    stealPercent: coresPercent(after.machine.steal - before.machine.steal),
    serverLoop: (after.loopActiveMs - before.loopActiveMs) / elapsed,
    sql: await server.sql(),
    profile: serverProfile ? { server: serverProfile, generator: profiles[0] ?? null } : null,
  };
}

/** A window where other processes and the hypervisor took this much of a core is run again, once. */
const SKEWED_PERCENT = 15;

export function skewOf(load: LoadResult): number {
  return load.othersCpuPercent + load.stealPercent;
}

/** measure(), again once when something else took the CPU meanwhile; the less skewed of the two counts. */
async function measureOnQuietMachine(
  server: ChatServerHost,
  pool: LoadPool,
  load: Load,
  profile: { dir: string; label: string } | null,
  label: string,
): Promise<LoadResult> {
  const first = await measure(server, pool, load, profile);
  if (skewOf(first) < SKEWED_PERCENT) return first;
  console.log(
    `${server.kind} ${label}: others and steal took ${skewOf(first).toFixed(0)}% of a core over the window; ` +
      'measuring it again',
  );
  const second = await measure(server, pool, load, profile);
  const kept = skewOf(second) < skewOf(first) ? second : first;
  return { ...kept, allSent: first.allSent + second.allSent };
}

/** Answers how many messages it sent. */
async function warmUp(pool: LoadPool, load: Load): Promise<number> {
  const { tallies } = await pool.run(startingAt(load, nowMs() + START_MARGIN_MS), () => null);
  return tallies.reduce((total, tally) => total + tally.allSent, 0);
}

function lasting(load: Load, durationMs: number): Load {
  return load.type === 'steady'
    ? { type: 'steady', options: { ...load.options, durationMs } }
    : { type: 'flood', options: { ...load.options, durationMs } };
}

/** The same load for `warmUpMs` unmeasured, then measured; answers the result and what the warm-up sent. */
async function warmUpAndMeasure(
  server: ChatServerHost,
  pool: LoadPool,
  load: Load,
  warmUpMs: number,
  profile: { dir: string; label: string } | null,
  label: string,
): Promise<{ result: LoadResult; warmUpSent: number }> {
  const warmUpSent = await warmUp(pool, lasting(load, warmUpMs));
  return { result: await measureOnQuietMachine(server, pool, load, profile, label), warmUpSent };
}

/** One line per SQL text over several windows. */
function mergeSql(timings: SqlTiming[]): SqlTiming[] {
  const bySql = new Map<string, SqlTiming>();
  for (const timing of timings) {
    const seen = bySql.get(timing.sql);
    bySql.set(
      timing.sql,
      seen
        ? {
            ...seen,
            count: seen.count + timing.count,
            ms: seen.ms + timing.ms,
            maxMs: Math.max(seen.maxMs, timing.maxMs),
            slow: seen.slow + timing.slow,
          }
        : timing,
    );
  }
  return [...bySql.values()].sort((a, b) => b.ms - a.ms);
}

/** Every (a) round's results pooled: latencies and slips together, rates and CPU averaged over the rounds. */
function poolRounds(rounds: LoadResult[]): LoadResult {
  const mean = (pick: (load: LoadResult) => number) =>
    rounds.reduce((sum, load) => sum + pick(load), 0) / rounds.length;
  const sum = (pick: (load: LoadResult) => number) => rounds.reduce((total, load) => total + pick(load), 0);
  return {
    sent: sum((load) => load.sent),
    allSent: sum((load) => load.allSent),
    deliveredPerSecond: mean((load) => load.deliveredPerSecond),
    latencies: rounds.flatMap((load) => load.latencies),
    lost: sum((load) => load.lost),
    windowMs: sum((load) => load.windowMs),
    slipMs: rounds.flatMap((load) => load.slipMs),
    generatorCpuPercent: mean((load) => load.generatorCpuPercent),
    generatorLoop: Math.max(...rounds.map((load) => load.generatorLoop)),
    serverCpuPercent: mean((load) => load.serverCpuPercent),
    serverLoop: mean((load) => load.serverLoop),
    othersCpuPercent: mean((load) => load.othersCpuPercent),
    stealPercent: mean((load) => load.stealPercent),
    sql: mergeSql(rounds.flatMap((load) => load.sql)),
    profile: rounds.find((load) => load.profile)?.profile ?? null,
  };
}

/**
 * A server with its own load processes, its conversations seeded and its
 * (a) clients connected: chat.bench.ts runs (a) rounds on both
 * servers by turns, then `finish` runs (b) and stops it.
 */
export interface OpenServer {
  kind: ChatServerKind;
  steadyRound(round: number): Promise<LoadResult>;
  finish(): Promise<ServerRun>;
  /** Stops the server and its load processes (after an error). */
  close(): Promise<void>;
}

export async function openServer(
  kind: ChatServerKind,
  plan: ChatBenchPlan,
  loadProcesses: number,
): Promise<OpenServer> {
  const pool = startLoadPool(loadProcesses);
  const server = await startChatServer(kind).catch(async (error: unknown) => {
    await pool.close();
    throw error;
  });
  const target = { port: server.port, host: plan.host };
  const profileFor = (label: string) => (plan.profileDir ? { dir: plan.profileDir, label } : null);
  let isClosed = false;
  const close = async () => {
    if (isClosed) return;
    isClosed = true;
    await pool.disconnect().catch(() => undefined);
    await server.close();
    await pool.close();
  };
  try {
    const steadySeed = await server.seed(plan.steady.pairs);
    const floodSeed = await server.seed(plan.flood.pairs);
    await sleep(500);
    const empty = await server.memory();

    const idleClients = plan.steady.pairs * 2;
    const steadyConnectMs = await pool.connect(steadySeed.pairs, target);
    await waitForSockets(server, idleClients, 'all (a) clients connected');
    await sleep(1000);
    const idle = await server.memory();
    const steadyOptions = { perSecond: plan.steady.perSecond, graceMs: plan.steady.graceMs };
    let steadyWarmUp = 0;
    const rounds: LoadResult[] = [];

    return {
      kind,
      async steadyRound(round) {
        // Every round is the run: its own warm-up, then the measured 10 s. Without it, a round
        // after the other server's rounds began on a process that had been idle for ~25 s.
        const { result, warmUpSent } = await warmUpAndMeasure(
          server,
          pool,
          { type: 'steady', options: { ...steadyOptions, durationMs: plan.steady.durationMs } },
          plan.steady.warmUpMs,
          round === 0 ? profileFor('a') : null,
          `(a) round ${round + 1}`,
        );
        steadyWarmUp += warmUpSent;
        rounds.push(result);
        return result;
      },
      async finish() {
        try {
          const afterSteady = await server.memory();
          await pool.disconnect();
          await waitForSockets(server, 0, 'the (a) clients gone');

          await pool.connect(floodSeed.pairs, target);
          await waitForSockets(server, plan.flood.pairs * 2, 'all (b) clients connected');
          const { result: flood, warmUpSent: floodWarmUp } = await warmUpAndMeasure(
            server,
            pool,
            {
              type: 'flood',
              options: { window: plan.flood.window, graceMs: plan.flood.graceMs, durationMs: plan.flood.durationMs },
            },
            plan.flood.warmUpMs,
            profileFor('b'),
            '(b)',
          );
          const afterFlood = await server.memory();
          await pool.disconnect();
          const stored = await server.stored();
          const steady = poolRounds(rounds);
          return {
            kind,
            seedMs: steadySeed.ms + floodSeed.ms,
            steadyConnectMs,
            memory: { empty, idle, afterSteady, afterFlood },
            idleClients,
            floodClients: plan.flood.pairs * 2,
            steady,
            steadyRounds: rounds,
            flood,
            messagesSent: steadyWarmUp + steady.allSent + floodWarmUp + flood.allSent,
            stored,
          };
        } finally {
          await close();
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
