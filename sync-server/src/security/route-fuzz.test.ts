import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createLogger } from '../http/logger.ts';
import { startMailer } from '../mail/mailer.ts';
import { createTestApp } from '../test/test-app.ts';
import { type Answer, answerOf, faultsOf } from './fuzz-answers.ts';
import { bodyOf, happyCases, type RequestCase, requestCases, urlOf } from './fuzz-requests.ts';
import { changedTables, createFuzzWorld, type FuzzWorld } from './fuzz-world.ts';
import { NOT_JSON_ROUTES, ROUTE_CATALOGUE, type RouteFuzzEntry } from './route-catalogue.ts';

/**
 * Property-based fuzzing of every JSON route (issue 18): bodies generated from
 * the route's zod schema, then broken (wrong types, missing and extra fields,
 * huge strings, unicode, nulls, deep nesting, bad JSON, wrong content types,
 * odd path and query values), sent as a signed-in member with a real session.
 * Whatever arrives: no 5xx, every 4xx in the error envelope, no stack trace,
 * and a refused request writes nothing; a write sent twice with the same
 * Idempotency-Key is answered the same and applied once.
 *
 * FUZZ_RUNS raises the runs per route (default 8, slow password routes a
 * quarter); FUZZ_SEED replays a failure (fast-check prints the seed and path).
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 8;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** A route's runs take about 25 ms each on a quiet machine; a loaded one gets ample room. */
const TIMEOUT_MS = 15_000 + RUNS * 200;
let requestsSent = 0;
/** Answers per route and status: a route that never answers 2xx is only fuzzed at its door. */
const statuses = new Map<string, Map<number, number>>();

afterAll(() => {
  const lines = [...statuses].map(([route, counts]) => {
    const byStatus = [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    return `  ${route}: ${byStatus.join(' ')}`;
  });
  const summary = `route fuzz: ${Object.keys(ROUTE_CATALOGUE).length} routes, ${requestsSent} requests`;
  // The table per route only when asked for a long run (FUZZ_RUNS), to keep `npm test` quiet.
  console.info(process.env.FUZZ_RUNS ? `${summary}\n${lines.join('\n')}` : summary);
});

interface Sent {
  answer: Answer;
  /** Tables the request changed (the session it was sent with is made before the first snapshot). */
  written: string[];
}

async function send(world: FuzzWorld, method: string, url: string, testCase: RequestCase): Promise<Sent> {
  // A fresh session per request: the last one may have been logged out or ended by a password change.
  const session = await world.session();
  const { body, headers } = bodyOf(testCase);
  const before = await world.snapshot();
  requestsSent++;
  const answer = await answerOf(await world.app.request(url, { method, session, body, headers }));
  return { answer, written: changedTables(before, await world.snapshot()) };
}

/** Refused (4xx) requests must leave every table as it was, but for the writes the route declares. */
function halfWrites(entry: RouteFuzzEntry, written: string[]): string[] {
  const allowed = entry.refusalWrites ?? {};
  return written.filter((table) => !(table in allowed));
}

/**
 * The outbox's request and a duplicate of it arriving at once (a retry after a
 * lost answer while the first still runs): applied once, never a 5xx.
 */
async function checkDuplicates(world: FuzzWorld, method: string, url: string, testCase: RequestCase) {
  const [sessionA, sessionB] = [await world.session(), await world.session()];
  const { body, headers } = bodyOf(testCase);
  requestsSent += 2;
  const answers = await Promise.all(
    [sessionA, sessionB].map(async (session) =>
      answerOf(await world.app.request(url, { method, session, body, headers })),
    ),
  );
  const faults = answers.flatMap(faultsOf);
  const applied = answers.filter((answer) => answer.status < 400 && !answer.headers.get('Idempotent-Replayed'));
  if (applied.length > 1) faults.push('two requests under one Idempotency-Key were both applied');
  return { url, status: answers[0]?.status ?? 0, faults };
}

async function checkCase(world: FuzzWorld, method: string, path: string, entry: RouteFuzzEntry, testCase: RequestCase) {
  const url = await urlOf(path, entry, world, testCase);
  if (testCase.duplicateAtOnce && testCase.idempotencyKey !== undefined) {
    return checkDuplicates(world, method, url, testCase);
  }
  const first = await send(world, method, url, testCase);
  const { status } = first.answer;
  const faults = faultsOf(first.answer);
  if (status >= 400 && halfWrites(entry, first.written).length > 0) {
    faults.push(`refused with ${status} but wrote ${halfWrites(entry, first.written).join(', ')}`);
  }

  if (testCase.idempotencyKey !== undefined && faults.length === 0) {
    // The outbox's retry: the same request under the same key.
    const again = await send(world, method, url, testCase);
    faults.push(...faultsOf(again.answer));
    if (status < 400) {
      if (again.answer.status !== status || again.answer.text !== first.answer.text) {
        faults.push(`a replay answered ${again.answer.status} ${again.answer.text.slice(0, 200)} after ${status}`);
      }
      if (again.answer.headers.get('Idempotent-Replayed') !== 'true') faults.push('a replay was not marked replayed');
      if (again.written.length > 0) faults.push(`a replay wrote ${again.written.join(', ')}`);
      // The same key on another route is refused, and writes nothing.
      const otherMethod = method === 'DELETE' ? 'POST' : 'DELETE';
      const reused = await send(world, otherMethod, url, testCase);
      faults.push(...faultsOf(reused.answer));
      if (reused.answer.status !== 409) faults.push(`a key reused on ${otherMethod} answered ${reused.answer.status}`);
      if (reused.written.length > 0) faults.push(`a reused key wrote ${reused.written.join(', ')}`);
    } else if (again.answer.status >= 400 && halfWrites(entry, again.written).length > 0) {
      faults.push(`a refused retry wrote ${halfWrites(entry, again.written).join(', ')}`);
    }
  }
  return { url, status, faults };
}

describe('route catalogue', () => {
  it('lists every /api route of the app, and names every other route', async () => {
    const { db, config } = await createTestApp();
    const logger = createLogger('silent');
    const mailer = await startMailer({ smtpUrl: undefined, from: config.mailFrom, db, logger });
    try {
      const routes = new Set(
        createApp({ db, config, logger, mailer })
          .routes.filter((route) => route.method !== 'ALL' || !route.path.startsWith('/api'))
          .map((route) => `${route.method} ${route.path}`),
      );
      const missing = [...routes].filter((route) =>
        route.includes(' /api') ? !(route in ROUTE_CATALOGUE) : !(route in NOT_JSON_ROUTES),
      );
      // A new route? Add its line to ROUTE_CATALOGUE (or NOT_JSON_ROUTES) in route-catalogue.ts.
      expect(missing).toEqual([]);
      const gone = Object.keys(ROUTE_CATALOGUE).filter((route) => !routes.has(route));
      expect(gone).toEqual([]);
    } finally {
      await mailer.close();
    }
  });
});

describe('route fuzz', () => {
  for (const [key, entry] of Object.entries(ROUTE_CATALOGUE)) {
    const [method = '', path = ''] = key.split(' ');
    it(
      `${key}: no 5xx, errors in the envelope, no stack trace, nothing half-written`,
      async () => {
        const world = await createFuzzWorld();
        const numRuns = entry.slow ? Math.max(3, Math.ceil(RUNS / 4)) : RUNS;
        await fc.assert(
          fc.asyncProperty(requestCases(method, entry, world), async (testCase) => {
            const { url, status, faults } = await checkCase(world, method, path, entry, testCase);
            const counts = statuses.get(key) ?? new Map<number, number>();
            statuses.set(key, counts.set(status, (counts.get(status) ?? 0) + 1));
            if (faults.length > 0) throw new Error(`${method} ${url.slice(0, 300)} (${status}):\n${faults.join('\n')}`);
          }),
          { numRuns, seed: SEED, examples: happyCases(method, entry, world) },
        );
      },
      TIMEOUT_MS,
    );
  }
});
