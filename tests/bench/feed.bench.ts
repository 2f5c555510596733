/**
 * Issues 4 and 25: the feed endpoint beside a bare Hono endpoint that answers
 * the same bytes from memory, on the same server, in the same run, loaded by
 * autocannon in its own process. Signed-out visitors and signed-in students
 * (many distinct sessions, a few of them with blocks, all with saves), at 50
 * connections and at 1, in three rounds (each row is an endpoint's median
 * round). Targets (issue 25): each feed ≥ 0.5× bare's requests/s, and feed
 * p95 ≤ 2× bare's own p95, at both connection counts.
 * A miss is reported, not failed; only errors (a non-200, a crash) exit non-zero.
 *
 *   npx tsx tests/bench/feed.bench.ts   (or `npm run bench`)
 */
import { performance } from 'node:perf_hooks';
import type { FeedPageDto } from '@campus/shared/post-api';
import { runBench } from './bench-run.ts';
import { type FeedFixture, startFeedFixture } from './feed-fixture.ts';
import { fetchOnce } from './http-load.ts';
import { type LoadRunner, startLoadRunner } from './load-runner.ts';
import { formatTable, type MeasuredEndpoint } from './report-table.ts';

const HOST = 'ou.localhost';
const PAGE_LIMIT = 25;
const FIRST_PAGE_PATH = `/api/posts/feed?limit=${PAGE_LIMIT}`;
const BARE_PATH = '/__bench/bare';
const FEED_PAGES = 20;
const TIME_LIMIT_MS = 20_000;
const SESSIONS = 500;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The first page and the pages after it reached through nextCursor, over HTTP, so the load is not one cached query. */
async function collectFeedPaths(fixture: FeedFixture): Promise<string[]> {
  const paths = [FIRST_PAGE_PATH];
  for (let page = 0; page < FEED_PAGES; page++) {
    const pathname = paths[page];
    if (!pathname) break;
    const { status, body } = await fetchOnce(fixture.port, HOST, pathname);
    if (status !== 200) throw new Error(`GET ${pathname} answered ${status}: ${body.toString('utf8', 0, 300)}`);
    if (page === 0 && !body.equals(fixture.bytes)) throw new Error('the feed over HTTP differs from the bare bytes');
    const { nextCursor } = JSON.parse(body.toString('utf8')) as FeedPageDto;
    if (page + 1 < FEED_PAGES && nextCursor) paths.push(`${FIRST_PAGE_PATH}&cursor=${encodeURIComponent(nextCursor)}`);
  }
  return paths;
}

const ROUNDS = 3;

/** The round whose requests/s is the median of the rounds. */
function medianByRps(rows: MeasuredEndpoint[]): MeasuredEndpoint {
  const sorted = [...rows].sort((a, b) => a.summary.rps - b.summary.rps);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no rounds measured');
  return median;
}

function cpuMicrosPerRequest(row: MeasuredEndpoint): number {
  return (row.serverCpuPercent / 100) * (1_000_000 / row.summary.rps);
}

/** A warm-up on the same connections, then the measured run; server CPU and event-loop use over the latter. */
async function measure(
  runner: LoadRunner,
  port: number,
  name: string,
  paths: string[],
  { connections, warmUp, requests }: { connections: number; warmUp: number; requests: number },
  cookies?: string[],
): Promise<MeasuredEndpoint> {
  const plan = { port, host: HOST, paths, connections, cookies, timeLimitMs: TIME_LIMIT_MS, requestTimeoutMs: 10_000 };
  const warm = await runner.run({ ...plan, requests: warmUp });
  if (warm.errors > 0) throw new Error(`${name} warm-up: ${warm.errors} errors, first: ${warm.firstError}`);
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const summary = await runner.run({ ...plan, requests });
  const cpu = process.cpuUsage(cpuBefore);
  const loop = performance.eventLoopUtilization(loopBefore);
  if (summary.errors > 0) throw new Error(`${name}: ${summary.errors} errors, first: ${summary.firstError}`);
  if (summary.sockets !== connections) console.log(`note: ${name} used ${summary.sockets} sockets`);
  const serverCpuPercent = ((cpu.user + cpu.system) / 1000 / summary.elapsedMs) * 100;
  return { name, connections, summary, serverCpuPercent, serverEventLoop: loop.utilization };
}

async function main(): Promise<void> {
  const fixture = await startFeedFixture({
    host: HOST,
    users: 2_000,
    posts: 100_000,
    firstPagePath: FIRST_PAGE_PATH,
    barePath: BARE_PATH,
    sessions: SESSIONS,
  });
  const runner = startLoadRunner();
  try {
    const { counts } = fixture;
    console.log(
      `seeded campus 'ou': ${counts.users} users, ${counts.posts} top-level posts, ${counts.media} post_media rows ` +
        `in ${seconds(fixture.seedMs)}; then ANALYZE (${seconds(fixture.analyzeMs)})`,
    );
    const feedPaths = await collectFeedPaths(fixture);
    // A signed-in page is the same page with the student's own saved state in it.
    const signedIn = await fetchOnce(fixture.port, HOST, FIRST_PAGE_PATH, fixture.sessionCookies[0]);
    const signedInPage = JSON.parse(signedIn.body.toString('utf8')) as FeedPageDto;
    if (signedIn.status !== 200 || !signedInPage.posts.every((post) => typeof post.isSaved === 'boolean')) {
      throw new Error(`the signed-in feed answered ${signedIn.status} without isSaved on every post`);
    }
    console.log(
      `page: limit=${PAGE_LIMIT}, first page ${fixture.bytes.byteLength} bytes; the feed load cycles ${feedPaths.length} ` +
        `pages (the first + ${feedPaths.length - 1} via nextCursor); bare (${BARE_PATH}) answers the first page's bytes ` +
        'from memory',
    );
    console.log(
      'load: autocannon in a separate process (child_process.fork) on 127.0.0.1, keep-alive connections; ' +
        `Host: ${HOST}; no Accept-Encoding, so both endpoints send the same bytes`,
    );
    console.log(
      `viewers: 'visitor' is signed out; 'signed in' cycles ${fixture.sessionCookies.length} distinct students' ` +
        'sessions, each with 5 saved posts, one in 50 with a block either way (their pages are kept for them)',
    );
    console.log('logs: every request at info, as the real server logs, written to a file in the data directory');

    // Three rounds, each loading bare, visitor and signed in one after the other; each row of the
    // table is an endpoint's median round by requests/s, so a passing disturbance of this shared
    // 2-core machine moves one round, not the figure.
    const busy = { connections: 50, warmUp: 2_000, requests: 40_000 };
    const single = { connections: 1, warmUp: 1_000, requests: 8_000 };
    const cookies = fixture.sessionCookies;
    const endpoints = [
      { name: 'bare', paths: [BARE_PATH] },
      { name: 'feed visitor', paths: feedPaths },
      { name: 'feed signed in', paths: feedPaths, cookies },
    ];
    const rows: MeasuredEndpoint[] = [];
    for (const load of [busy, single]) {
      const rounds: MeasuredEndpoint[][] = endpoints.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, endpoint] of endpoints.entries()) {
          rounds[index]?.push(
            await measure(runner, fixture.port, endpoint.name, endpoint.paths, load, endpoint.cookies),
          );
        }
      }
      for (const [index, endpoint] of endpoints.entries()) {
        const measured = rounds[index] ?? [];
        console.log(
          `${endpoint.name} at ${load.connections} conns, rps by round: ` +
            measured.map((row) => row.summary.rps.toFixed(0)).join(', '),
        );
        rows.push(medianByRps(measured));
      }
    }
    console.log(`\n${formatTable(rows)}\n`);
    console.log('(50 conns is a closed loop: each request waits for those ahead of it, so p50 ≈ 50 / rps;');
    console.log(' the 1-conn rows are one page at a time, no queue: the cost of a page on its own.)\n');
    for (const [bare, visitor, signedIn] of [rows.slice(0, 3), rows.slice(3, 6)]) {
      if (!bare || !visitor || !signedIn) throw new Error('a measurement is missing');
      const bareCost = cpuMicrosPerRequest(bare);
      console.log(
        `server CPU per request at ${bare.connections} conns: bare ${bareCost.toFixed(0)} µs, visitor ` +
          `${cpuMicrosPerRequest(visitor).toFixed(0)} µs, signed in ${cpuMicrosPerRequest(signedIn).toFixed(0)} µs`,
      );
      for (const feed of [visitor, signedIn]) {
        const ratio = feed.summary.rps / bare.summary.rps;
        const p95Ratio = feed.summary.p95Ms / bare.summary.p95Ms;
        console.log(
          `${feed.name} at ${feed.connections} conns: rps ${ratio.toFixed(2)}× bare (target ≥ 0.5) ` +
            `${ratio >= 0.5 ? 'PASS' : 'MISS'}; p95 ${feed.summary.p95Ms.toFixed(2)} ms = ${p95Ratio.toFixed(2)}× ` +
            `bare's ${bare.summary.p95Ms.toFixed(2)} ms (target ≤ 2) ${p95Ratio <= 2 ? 'PASS' : 'MISS'}`,
        );
      }
    }
  } finally {
    await runner.close();
    await fixture.close();
  }
}

runBench('feed.bench.ts', main, 5);
