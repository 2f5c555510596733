import { readHeadSeq } from '@campus/sync-server/sync/changes.repository';
import { type FaultRates, FaultyNetwork, type NetworkStats } from './faulty-network.ts';
import type { SocketFaultRates, SocketStats } from './faulty-socket.ts';
import { FuzzClient } from './fuzz-client.ts';
import { FuzzServer } from './fuzz-server.ts';
import { checkConvergence, checkExactlyOnce, checkIntents, checkRefusals, readServerState } from './invariants.ts';
import { createRng, type Rng, sleep } from './prng.ts';
import { SocketProxy } from './socket-proxy.ts';

export interface RoundOptions {
  /** Mutations the clients make during the faulty phase. */
  mutations: number;
  /** The faulty phase lasts until at least this many disconnects were injected. */
  disconnects: number;
  /** Server restarts spread over the faulty phase. */
  restarts: number;
  /** Students on OU; one more student on UT checks campus scoping. */
  ouClients: number;
  rates: FaultRates;
  socketRates: SocketFaultRates;
}

interface Disconnects {
  /** The client dropped its own socket (no closing handshake). */
  byClient: number;
  /** The connection was cut at the server's end. */
  byServer: number;
  /** The connection went silent; only the client's heartbeat could tell. */
  silent: number;
  /** Connections the server closed as it restarted. */
  byRestart: number;
}

export interface RoundReport {
  seed: number;
  mutations: Record<string, number>;
  disconnects: Disconnects;
  totalDisconnects: number;
  network: NetworkStats;
  socket: SocketStats;
  refusals: number;
  resets: number;
  problems: string[];
  ms: number;
  /** When each phase ended, in ms from the start: faulty writes, drained, caught up. */
  phases: { written: number; drained: number; caughtUp: number };
}

export const DEFAULT_RATES: FaultRates = {
  failBeforeSend: 0.08,
  loseAnswer: 0.12,
  duplicateNow: 0.05,
  duplicateLate: 0.2,
  delayRequest: 0.1,
  delayAnswer: 0.15,
  maxDelayMs: 25,
  failGet: 0.03,
};

/** A network that never fails by itself (scenario tests script their faults). */
export const NO_FAULTS: FaultRates = {
  failBeforeSend: 0,
  loseAnswer: 0,
  duplicateNow: 0,
  duplicateLate: 0,
  delayRequest: 0,
  delayAnswer: 0,
  maxDelayMs: 1,
  failGet: 0,
};

export const DEFAULT_SOCKET_RATES: SocketFaultRates = { duplicateMessage: 0.05 };

export async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Breaks connections at random while the clients write, and restarts the server now and then. */
async function chaos(
  rng: Rng,
  server: FuzzServer,
  proxy: SocketProxy,
  clients: FuzzClient[],
  disconnects: Disconnects,
  progress: () => number,
  options: RoundOptions,
  isDone: () => boolean,
) {
  const restartAt = Array.from({ length: options.restarts }, () => rng.int(5, options.mutations - 5)).sort(
    (a, b) => a - b,
  );
  const injected = () => disconnects.byClient + disconnects.byServer + disconnects.silent + disconnects.byRestart;
  while (!isDone() || injected() < options.disconnects) {
    await sleep(rng.int(6, 30));
    if (restartAt.length > 0 && progress() >= (restartAt[0] as number)) {
      restartAt.shift();
      disconnects.byRestart += proxy.liveCount;
      await server.restart(rng.int(0, 40));
      continue;
    }
    const roll = rng.next();
    if (roll < 0.5) {
      const open = clients.filter((client) => client.socket?.readyState === 1);
      if (open.length === 0) continue;
      rng.pick(open).socket?.terminate();
      disconnects.byClient++;
    } else if (roll < 0.88) {
      if (proxy.cutFromServer((count) => rng.int(0, count - 1))) disconnects.byServer++;
    } else if (proxy.blackhole((count) => rng.int(0, count - 1), 1500)) {
      disconnects.silent++;
    }
  }
}

/**
 * One seeded round: a real server on a file database, several simulated
 * devices writing through faulty networks while connections break and the
 * server restarts; then the faults heal, every outbox drains, every device
 * catches up, and the end state is judged. Answers what happened and every
 * broken invariant.
 */
export async function runRound(seed: number, options: RoundOptions): Promise<RoundReport> {
  const started = Date.now();
  const rng = createRng(seed);
  const server = await FuzzServer.start();
  const proxy = new SocketProxy(() => server.port);
  await proxy.listen();
  const network = new FaultyNetwork(rng.fork(), options.rates, () => server.port);
  const socketStats: SocketStats = { messages: 0, closedAfterOpen: 0, duplicatedMessages: 0 };
  const clients: FuzzClient[] = [];
  const disconnects: Disconnects = { byClient: 0, byServer: 0, silent: 0, byRestart: 0 };
  const mutations: Record<string, number> = {};
  try {
    const members = [
      ...(await Promise.all(Array.from({ length: options.ouClients }, () => server.addMember('ou')))),
      await server.addMember('ut'),
    ];
    members.forEach((member, index) => {
      clients.push(
        new FuzzClient({
          name: `${member.campusId}-${index}`,
          member,
          network,
          proxy,
          rng: rng.fork(),
          socketRates: options.socketRates,
          socketStats,
        }),
      );
    });
    for (const client of clients) client.start();
    // Everyone listens before anything is written, so every device hears of every post of its campus.
    await waitFor('every client online', () => clients.every((client) => client.status === 'online'), 10_000);

    let made = 0;
    let isWritten = false;
    const chaosRng = rng.fork();
    const chaosRun = chaos(
      chaosRng,
      server,
      proxy,
      clients,
      disconnects,
      () => made,
      options,
      () => isWritten,
    );
    try {
      const writeRng = rng.fork();
      for (; made < options.mutations; made++) {
        const kind = await writeRng.pick(clients).mutate();
        mutations[kind] = (mutations[kind] ?? 0) + 1;
        // Most held-back copies stay in the network until the end, after every later write.
        if (writeRng.chance(0.05)) await network.deliverOneLate();
        await sleep(writeRng.int(0, 16));
      }
    } finally {
      isWritten = true;
      // The chaos goes on (the outboxes keep retrying) until its quota of disconnects is in.
      await chaosRun;
    }

    const written = Date.now() - started;
    // Heal: the network stops failing, held-back copies arrive, every outbox drains.
    network.isHealed = true;
    await network.flushLate();
    for (const client of clients) client.connection.nudge();
    await Promise.all(clients.map((client) => client.drainToEnd()));
    // A refusal must stand: retried on a healthy network, the server refuses it again.
    for (const client of clients) {
      for (const entry of await client.db.outbox.toArray()) await client.outbox.retry(entry.id);
    }

    const drained = Date.now() - started;
    const db = server.current.db;
    const isCaughtUp = async () => {
      await server.current.changeHub.idle();
      const head = await readHeadSeq(db);
      return clients.every(
        (client) => client.status === 'online' && client.socket?.readyState === 1 && client.cursor === head,
      );
    };
    await waitFor('every client caught up', isCaughtUp, 20_000);
    // Still so a moment later: nothing was left half-applied.
    await sleep(50);
    await waitFor('every client still caught up', isCaughtUp, 20_000);
    for (const client of clients) client.stop();
    const caughtUp = Date.now() - started;

    const state = await readServerState(db);
    const refusals = await checkRefusals(clients, state);
    const problems = [
      ...network.oddAnswers,
      ...refusals.problems,
      ...(await checkExactlyOnce(clients, state)),
      ...(await checkIntents(clients, state)),
      ...(await checkConvergence(clients, state, server.current.port)),
    ];
    return {
      seed,
      mutations,
      disconnects,
      totalDisconnects: disconnects.byClient + disconnects.byServer + disconnects.silent + disconnects.byRestart,
      network: network.stats,
      socket: socketStats,
      refusals: refusals.count,
      resets: clients.reduce((sum, client) => sum + client.resets, 0),
      problems,
      ms: Date.now() - started,
      phases: { written, drained, caughtUp },
    };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    network.close();
    await proxy.close();
    await server.close();
  }
}
