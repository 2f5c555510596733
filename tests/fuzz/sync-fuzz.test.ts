import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { DEFAULT_RATES, DEFAULT_SOCKET_RATES, type RoundOptions, type RoundReport, runRound } from './fuzz-round.ts';
import { baseSeed } from './prng.ts';

/**
 * The seeded fault-injection suite (issue 5), after tldraw's syncFuzz and
 * Actual's adversarial tests. Each round runs the real server on a file
 * database and several simulated devices (the app's own outbox, cache and
 * sync connection on fake-indexeddb) that write at random while requests
 * fail, answers are lost, requests are duplicated and delivered late,
 * socket messages are duplicated, connections are cut or go
 * silent, and the server restarts. Then the faults heal and the end state is
 * judged: every mutation applied exactly once, every device converged with
 * the server, no campus heard of another's posts.
 *
 * A failing round names its seed: `FUZZ_SEED=<n> npx vitest run --project fuzz`
 * runs that round first. The seed fixes every decision the suite makes; the
 * timing of real sockets and timers still varies from run to run.
 */
const DEFAULT_ROUNDS = 6;
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? DEFAULT_ROUNDS);
/** The issue asks for at least 1,000 injected disconnects per run: each round brings its share. */
const DISCONNECTS_PER_ROUND = Math.ceil(1000 / DEFAULT_ROUNDS);
const first = baseSeed();
const seeds = Array.from({ length: ROUNDS }, (_, index) => (first + index) >>> 0);

const OPTIONS: RoundOptions = {
  mutations: 220,
  disconnects: DISCONNECTS_PER_ROUND + 10,
  restarts: 2,
  ouClients: 4,
  rates: DEFAULT_RATES,
  socketRates: DEFAULT_SOCKET_RATES,
};

const reports: RoundReport[] = [];
let quietErrors: MockInstance<typeof console.error>;

beforeAll(() => {
  // The engine logs each injected failure it recovers from; counted, not printed.
  quietErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterAll(() => {
  const logged = quietErrors.mock.calls.length;
  quietErrors.mockRestore();
  for (const report of reports) {
    console.info(
      `FUZZ_SEED=${report.seed}: ${report.ms} ms ${JSON.stringify(report.phases)}, ${report.totalDisconnects} disconnects ${JSON.stringify(report.disconnects)}, ` +
        `mutations ${JSON.stringify(report.mutations)}, refusals ${report.refusals}, resets ${report.resets}, ` +
        `network ${JSON.stringify(report.network)}, socket ${JSON.stringify(report.socket)}`,
    );
  }
  console.info(`engine errors recovered from: ${logged}`);
});

describe('sync fuzz: seeded faults, exactly-once mutations and convergence', () => {
  it.each(seeds)('FUZZ_SEED=%i: every mutation applies once and every device converges', async (seed) => {
    let report: RoundReport;
    try {
      report = await runRound(seed, OPTIONS);
    } catch (error) {
      throw new Error(`FUZZ_SEED=${seed}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    reports.push(report);
    const shown = report.problems.slice(0, 25).join('\n  ');
    const more = report.problems.length > 25 ? `\n  …and ${report.problems.length - 25} more` : '';
    expect(report.problems, `FUZZ_SEED=${seed} broke invariants:\n  ${shown}${more}`).toEqual([]);
    // The faults really struck: answers were lost and retries were answered from the receipts.
    expect(report.network.lostAnswers, `FUZZ_SEED=${seed}`).toBeGreaterThan(0);
    expect(report.network.lateCopiesDelivered, `FUZZ_SEED=${seed}`).toBeGreaterThan(0);
    expect(report.disconnects.byRestart + report.disconnects.byServer, `FUZZ_SEED=${seed}`).toBeGreaterThan(0);
    expect(report.totalDisconnects, `FUZZ_SEED=${seed}`).toBeGreaterThanOrEqual(DISCONNECTS_PER_ROUND);
  });

  it(`injects at least ${DISCONNECTS_PER_ROUND * ROUNDS} disconnects across the rounds`, () => {
    expect(reports).toHaveLength(ROUNDS);
    const total = reports.reduce((sum, report) => sum + report.totalDisconnects, 0);
    expect(total, `seeds ${seeds.join(', ')}`).toBeGreaterThanOrEqual(DISCONNECTS_PER_ROUND * ROUNDS);
  });
});
