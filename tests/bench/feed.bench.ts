/**
 * Issue 4 "Performance": the feed endpoint beside a bare Hono endpoint that
 * answers the same bytes from memory, on the same server, in the same run.
 * Targets: feed rps ≥ 0.5× bare and feed p95 < 10 ms, at 50 connections.
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
): Promise<MeasuredEndpoint> {
  const plan = { port, host: HOST, paths, connections, timeLimitMs: TIME_LIMIT_MS, requestTimeoutMs: 10_000 };
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
  });
  const runner = startLoadRunner();
  try {
    const { counts } = fixture;
    console.log(
      `seeded campus 'ou': ${counts.users} users, ${counts.posts} top-level posts, ${counts.media} post_media rows ` +
        `in ${seconds(fixture.seedMs)}; then ANALYZE (${seconds(fixture.analyzeMs)})`,
    );
    const feedPaths = await collectFeedPaths(fixture);
    console.log(
      `page: limit=${PAGE_LIMIT}, first page ${fixture.bytes.byteLength} bytes; the feed load cycles ${feedPaths.length} ` +
        `pages (the first + ${feedPaths.length - 1} via nextCursor); bare (${BARE_PATH}) answers the first page's bytes ` +
        'from memory',
    );
    console.log(
      'load: a separate process (child_process.fork, its own event loop) on 127.0.0.1 with keep-alive connections ' +
        `opened during the warm-up; Host: ${HOST}; no Accept-Encoding, so both endpoints send identical bytes`,
    );
    console.log(
      "viewer: signed out, so after its first request each page comes from the visitors' page cache " +
        '(sync-server/src/posts/feed-cache.ts); signed-in pages are built every time and are not measured here',
    );

    const busy = { connections: 50, warmUp: 500, requests: 10_000 };
    const single = { connections: 1, warmUp: 100, requests: 1_000 };
    const rows = [
      await measure(runner, fixture.port, 'bare', [BARE_PATH], busy),
      await measure(runner, fixture.port, 'feed', feedPaths, busy),
      await measure(runner, fixture.port, 'bare', [BARE_PATH], single),
      await measure(runner, fixture.port, 'feed', feedPaths, single),
    ];
    const [bare, feed] = rows;
    if (!bare || !feed) throw new Error('a measurement is missing');
    const ratio = feed.summary.rps / bare.summary.rps;
    console.log(`\n${formatTable(rows)}\n`);
    console.log('(50 conns is a closed loop: each request waits for those ahead of it, so p50 ≈ 50 / rps;');
    console.log(' the 1-conn rows are one page at a time, no queue: the cost of a page on its own.)\n');
    // Less sensitive to a noisy machine than rps: what one request costs the server's core.
    const bareCost = cpuMicrosPerRequest(bare);
    const feedCost = cpuMicrosPerRequest(feed);
    console.log(
      `server CPU per request at 50 conns: bare ${bareCost.toFixed(0)} µs, feed ${feedCost.toFixed(0)} µs ` +
        `(${(feedCost / bareCost).toFixed(1)}×)`,
    );
    if (bare.summary.cpuPercent >= 85) {
      console.log('note: the load generator used most of a core during bare, so bare rps is a floor and the ratio');
      console.log('      is, if anything, generous to the feed.\n');
    }
    console.log(`ratio feed/bare rps = ${ratio.toFixed(2)} (target ≥ 0.5)  ${ratio >= 0.5 ? 'PASS' : 'MISS'}`);
    const p95 = feed.summary.p95Ms;
    console.log(`feed p95 = ${p95.toFixed(2)} ms at 50 conns (target < 10 ms)  ${p95 < 10 ? 'PASS' : 'MISS'}`);
  } finally {
    await runner.close();
    await fixture.close();
  }
}

runBench('feed.bench.ts', main, 5);
