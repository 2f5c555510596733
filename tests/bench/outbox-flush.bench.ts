/**
 * Issue 5 "Performance": "500 queued mutations flush within 5 s of reconnect
 * on this machine." A student queues 500 writes while offline (posts,
 * comments on them, saves and unsaves); then the network comes back and the
 * outbox drains them in order, one request at a time, each with its
 * Idempotency-Key, and updates the local cache from every answer as the app
 * does (applyMutationResult). Timed from the drain's start until the outbox
 * is empty; then the server's rows are checked against what was queued.
 * A miss is reported, not failed; only errors (a refusal, wrong rows) exit non-zero.
 *
 *   npx tsx tests/bench/outbox-flush.bench.ts   (or `npm run bench`)
 */
import { performance } from 'node:perf_hooks';
import { applyMutationResult } from '../../web/src/local/local-cache.ts';
import { createOutbox } from '../../web/src/local/outbox.ts';
import { runBench } from './bench-run.ts';
import { commentCreate, postCreate, saveSet } from './sync-mutations.ts';
import { createNodeApi, openBenchDb } from './sync-node-client.ts';
import type { UserCensus } from './sync-protocol.ts';
import { formatRows, machineLoad, median, ms, verdict } from './sync-report.ts';
import { type SyncServerHost, startSyncServer } from './sync-server-host.ts';

const TARGET_MS = 5_000;
const RUNS = 3;
const MIX = { posts: 200, comments: 200, saves: 60, unsaves: 40 };
const MUTATIONS = MIX.posts + MIX.comments + MIX.saves + MIX.unsaves;

interface FlushRun {
  totalMs: number;
  enqueueMs: number;
  /** CPU time over the drain: the server's process, and this one (the client). */
  serverCpuMs: number;
  clientCpuMs: number;
  writes: { count: number; ms: number };
  gets: { count: number; ms: number };
  serverCheck: string;
}

/** What the server must hold after the flush, given the queue built in runOnce. */
function checkCensus(census: UserCensus, expectedSaved: string[]): string {
  const problems: string[] = [];
  const expect = (name: string, actual: number, wanted: number) => {
    if (actual !== wanted) problems.push(`${name} ${actual}, expected ${wanted}`);
  };
  expect('posts', census.posts, MIX.posts);
  expect('comments', census.comments, MIX.comments);
  expect('comments on own posts', census.commentsOnOwnPosts, MIX.comments);
  expect('smallest comment_count', census.commentCountMin, 1);
  expect('largest comment_count', census.commentCountMax, 1);
  expect('saved posts', census.savedPostIds.length, expectedSaved.length);
  expect('save_count sum', census.saveCountSum, expectedSaved.length);
  expect('receipts done', census.receiptsDone, MUTATIONS);
  expect('receipts pending', census.receiptsPending, 0);
  const saved = new Set(census.savedPostIds);
  if (!expectedSaved.every((id) => saved.has(id))) problems.push('the saved posts are not the ones queued');
  if (problems.length > 0) throw new Error(`the server's rows differ from what was queued: ${problems.join('; ')}`);
  return (
    `${census.posts} posts, ${census.comments} comments (each post's comment_count ${census.commentCountMin}), ` +
    `${census.savedPostIds.length} saved (the expected ones; save_count sum ${census.saveCountSum}), ` +
    `${census.receiptsDone} receipts done, ${census.receiptsPending} pending: as queued`
  );
}

async function runOnce(host: SyncServerHost, run: number): Promise<FlushRun> {
  const member = await host.member();
  const api = createNodeApi(host.port, member.token);
  const db = openBenchDb(`outbox-flush-bench-${run}`);
  const outbox = createOutbox({
    db,
    transport: api.transport,
    currentUserId: () => member.userId,
    onApplied: (entry, body, meta) => applyMutationResult(db, api.get, entry, body, meta),
  });
  try {
    // Offline: each post, a comment on it, and a save of the first 60; then 40 of those saves undone.
    api.online = false;
    const enqueueStarted = performance.now();
    const postIds: string[] = [];
    for (let index = 0; index < MIX.posts; index++) {
      const post = await outbox.enqueue(postCreate(member.userId, `Bench listing ${run}.${index}: desk lamp, works`));
      postIds.push(post.postId);
      await outbox.enqueue(commentCreate(member.userId, post.postId, `Still available? (${index})`));
      if (index < MIX.saves) await outbox.enqueue(saveSet(member.userId, post.postId, true));
    }
    for (const postId of postIds.slice(0, MIX.unsaves)) await outbox.enqueue(saveSet(member.userId, postId, false));
    const enqueueMs = performance.now() - enqueueStarted;
    const queued = await db.outbox.count();
    if (queued !== MUTATIONS) throw new Error(`queued ${queued} mutations, expected ${MUTATIONS}`);
    const offline = await outbox.drain();
    if (offline !== 'offline' || (await db.outbox.count()) !== MUTATIONS || api.writes.count !== 0) {
      throw new Error(`an offline drain answered ${offline} and left ${await db.outbox.count()} queued`);
    }

    // Reconnect: time the drain until the outbox is empty.
    api.online = true;
    const serverCpuBefore = await host.cpuMs();
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await outbox.drain();
    const totalMs = performance.now() - started;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpuMs = (await host.cpuMs()) - serverCpuBefore;
    const left = await db.outbox.count();
    if (result !== 'drained' || left !== 0) {
      const failed = await db.outbox.filter((entry) => entry.state === 'failed').first();
      throw new Error(`the drain answered ${result} with ${left} left; first refusal: ${failed?.errors.join(' ')}`);
    }
    if (api.writes.count !== MUTATIONS) throw new Error(`${api.writes.count} writes sent, expected ${MUTATIONS}`);
    const cached = await db.feed.count();
    if (cached !== MIX.posts) throw new Error(`the local feed holds ${cached} posts, expected ${MIX.posts}`);

    const expectedSaved = postIds.slice(MIX.unsaves, MIX.saves);
    const serverCheck = checkCensus(await host.census(member.userId), expectedSaved);
    return {
      totalMs,
      enqueueMs,
      serverCpuMs,
      clientCpuMs: (clientCpu.user + clientCpu.system) / 1000,
      writes: { ...api.writes },
      gets: { ...api.gets },
      serverCheck,
    };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const host = await startSyncServer();
  try {
    console.log(
      `queue: ${MUTATIONS} mutations made offline by one student: ${MIX.posts} post creates, ${MIX.comments} ` +
        `comments (one on each new post), ${MIX.saves} saves, ${MIX.unsaves} unsaves, in that interleaved order`,
    );
    console.log(
      "client: the web app's outbox (web/src/local) in Node, Dexie on fake-indexeddb, fetch with the session " +
        'cookie, Idempotency-Key per mutation, onApplied = applyMutationResult (a comment re-reads its post page)',
    );
    console.log(
      'server: the real server (startServer, temp DATA_DIR, SQLite) in its own process on 127.0.0.1; a fresh ' +
        'student and a fresh local database per run\n',
    );
    const loadBefore = machineLoad();
    const runs: FlushRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await runOnce(host, run);
      runs.push(result);
      console.log(`run ${run}: queued offline in ${ms(result.enqueueMs, 0)} ms; server check: ${result.serverCheck}`);
    }

    const row = (name: string, flush: FlushRun) => [
      name,
      String(MUTATIONS),
      ms(flush.totalMs, 0),
      ((MUTATIONS / flush.totalMs) * 1000).toFixed(0),
      `${flush.writes.count} / ${ms(flush.writes.ms, 0)}`,
      `${flush.gets.count} / ${ms(flush.gets.ms, 0)}`,
      ms(flush.totalMs - flush.writes.ms - flush.gets.ms, 0),
      ms(flush.serverCpuMs, 0),
      ms(flush.clientCpuMs, 0),
      verdict(flush.totalMs <= TARGET_MS),
    ];
    const middle = median(runs.map((flush) => flush.totalMs));
    const rows = runs.map((flush, index) => row(`run ${index + 1}`, flush));
    rows.push(['median', String(MUTATIONS), ms(middle, 0), ((MUTATIONS / middle) * 1000).toFixed(0)]);
    const columns = [
      'flush',
      'mutations',
      'total ms',
      'mutations/s',
      'writes n / ms',
      'cache GETs n / ms',
      'other ms',
      'server CPU ms',
      'client CPU ms',
      '≤ 5 s',
    ];
    console.log(`\n${formatRows(columns, rows)}\n`);
    console.log('(writes / cache GETs: requests sent and the time spent waiting for their answers; other: the rest');
    console.log(
      " of the drain, the outbox's and cache's IndexedDB work; CPU: each process's CPU time over the drain.)",
    );
    console.log(`machine: ${loadBefore} before, ${machineLoad()} after\n`);
    console.log(
      `median flush of ${MUTATIONS} mutations = ${ms(middle, 0)} ms (target ≤ ${TARGET_MS} ms)  ${verdict(middle <= TARGET_MS)}`,
    );
  } finally {
    await host.close();
  }
}

runBench('outbox-flush.bench.ts', main, 5);
