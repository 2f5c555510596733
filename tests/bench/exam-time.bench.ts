/**
 * Issue 36: a campus at exam time. The real server (`npm start`'s command, its own process, request
 * logs to a file) on the feed fixture's campus (100,000 posts, 2,000 students, analyzed) whose
 * newest threads hold 300 comments each. 50 signed-in readers (500 distinct sessions) load the
 * feed's first page with autocannon in its own process while, from a third process, other students
 * at once save (25/s), comment on the newest threads (10/s, growing them), post (1/s) and send chat
 * messages over the chat socket (10/s). One run measures:
 *   - bare: the same page's bytes from memory on the same HTTP stack, in a process of its own;
 *   - readers with nobody writing;
 *   - readers while everyone writes, and each write's p50/p99 (a chat message: until the other
 *     member's doc has it).
 * Targets (issue 36): readers ≥ 0.5× bare and ≥ 0.8× their no-write rate; readers' p99 ≤ 2× bare's;
 * each write's p99 under 100 ms. A miss is reported, not failed; errors exit non-zero.
 *
 *   npx tsx tests/bench/exam-time.bench.ts   (or `npm run bench exam-time`)
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runBench } from './bench-run.ts';
import { type ExamCampus, seedExamCampus } from './exam-time-seed.ts';
import {
  WRITE_RATES,
  type WriteKind,
  type WritersReply,
  type WritersRequest,
  type WriteTally,
} from './exam-time-writers.ts';
import { freePort } from './free-port.ts';
import { fetchOnce, type LoadSummary } from './http-load.ts';
import { startLoadRunner } from './load-runner.ts';

const HOST = 'ou.localhost';
const FIRST_PAGE = '/api/posts/feed?limit=25';
const CONNECTIONS = 50;
const PHASE_MS = 15_000;
const WARM_UP_MS = 3_000;
const repoRoot = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(port: number, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const answer = await fetchOnce(port, HOST, '/api/health').catch(() => null);
    if (answer?.status === 200) return;
    await sleep(100);
  }
  throw new Error('the server did not answer /api/health');
}

/** `npm start`'s server on the seeded data directory, its request log in a file, as production writes it. */
async function startAppServer(dataDir: string): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', log, 'inherit'],
  });
  await waitForHealth(port, child);
  return { port, process: child };
}

function startBare(file: string): Promise<{ port: number; process: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, 'exam-time-bare.ts'), [file], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { type: string; port: number }) => resolve({ port: message.port, process: child }));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
}

function startWriters() {
  const child = fork(path.join(import.meta.dirname, 'exam-time-writers.ts'), { stdio: 'inherit' });
  function ask(request: WritersRequest): Promise<WritersReply> {
    return new Promise((resolve, reject) => {
      child.once('message', (reply: WritersReply) =>
        reply.type === 'error' ? reject(new Error(`writers: ${reply.message}`)) : resolve(reply),
      );
      child.send(request);
    });
  }
  return {
    start: (port: number, campus: ExamCampus) => ask({ type: 'start', port, host: HOST, campus }),
    async stop(): Promise<Record<WriteKind, WriteTally>> {
      const reply = await ask({ type: 'stop' });
      if (reply.type !== 'tallies') throw new Error('writers answered no tallies');
      return reply.tallies;
    },
    close: () => {
      if (child.connected) child.disconnect();
    },
  };
}

function describe(name: string, summary: LoadSummary): string {
  return (
    `${name.padEnd(24)} ${summary.rps.toFixed(0).padStart(6)} rps   p50 ${summary.p50Ms.toFixed(1).padStart(6)} ms   ` +
    `p99 ${summary.p99Ms.toFixed(1).padStart(7)} ms   max ${summary.maxMs.toFixed(0).padStart(5)} ms   ${summary.requests} requests`
  );
}

function verdict(isMet: boolean): string {
  return isMet ? 'PASS' : 'MISS';
}

async function main(): Promise<void> {
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' / ')} (2 cores)`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-exam-time-'));
  const children: ChildProcess[] = [];
  const runner = startLoadRunner();
  const writers = startWriters();
  try {
    const seedStarted = performance.now();
    const campus = await seedExamCampus(dataDir);
    console.log(
      `seeded: ${campus.counts.users} students, ${campus.counts.posts} posts, ${campus.threadIds.length} newest threads ` +
        `with ${campus.counts.comments / campus.threadIds.length} comments each, ${campus.readers.length} reader ` +
        `sessions, ${campus.writers.length} writers, ${campus.chats.length} chat pairs, analyzed ` +
        `(${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`,
    );
    const app = await startAppServer(dataDir);
    children.push(app.process);
    const page = await fetchOnce(app.port, HOST, FIRST_PAGE, campus.readers[0]);
    if (page.status !== 200) throw new Error(`the feed answered ${page.status}`);
    const pageFile = path.join(dataDir, 'first-page.json');
    writeFileSync(pageFile, page.body);
    const bare = await startBare(pageFile);
    children.push(bare.process);
    console.log(
      `server: sync-server/src/main.ts in its own process (request log at info to a file); readers: autocannon in ` +
        `its own process, ${CONNECTIONS} keep-alive connections cycling ${campus.readers.length} sessions on ` +
        `${FIRST_PAGE} (${page.body.byteLength} bytes); writers: a third process; each phase ${PHASE_MS / 1000} s`,
    );

    const load = (port: number, cookies?: string[]) =>
      runner.run({
        port,
        host: HOST,
        paths: [FIRST_PAGE],
        requests: 10_000_000,
        connections: CONNECTIONS,
        timeLimitMs: PHASE_MS,
        requestTimeoutMs: 20_000,
        cookies,
      });
    // Warm-ups: the server's caches and JIT, the bare server's.
    await runner.run({
      port: app.port,
      host: HOST,
      paths: [FIRST_PAGE],
      requests: 3_000,
      connections: CONNECTIONS,
      timeLimitMs: PHASE_MS,
      requestTimeoutMs: 20_000,
      cookies: campus.readers,
    });
    const bareRun = await load(bare.port);
    const quiet = await load(app.port, campus.readers);

    await writers.start(app.port, campus);
    await sleep(WARM_UP_MS);
    const busy = await load(app.port, campus.readers);
    const tallies = await writers.stop();

    console.log('');
    console.log(describe('bare', bareRun));
    console.log(describe('readers, nobody writing', quiet));
    console.log(describe('readers, exam time', busy));
    for (const [name, summary] of [
      ['bare', bareRun],
      ['readers (quiet)', quiet],
      ['readers (exam)', busy],
    ] as const) {
      if (summary.errors > 0) throw new Error(`${name}: ${summary.errors} errors, first: ${summary.firstError}`);
    }
    console.log('');
    for (const kind of Object.keys(WRITE_RATES) as WriteKind[]) {
      const tally = tallies[kind];
      console.log(
        `${`${kind} (${WRITE_RATES[kind]}/s)`.padEnd(18)} ${String(tally.count).padStart(5)} done, ${tally.errors} errors   ` +
          `p50 ${tally.p50Ms.toFixed(1).padStart(6)} ms   p99 ${tally.p99Ms.toFixed(1).padStart(7)} ms` +
          (tally.firstError ? `   first error: ${tally.firstError}` : ''),
      );
    }
    console.log('');
    const vsBare = busy.rps / bareRun.rps;
    const vsQuiet = busy.rps / quiet.rps;
    const p99Ratio = busy.p99Ms / bareRun.p99Ms;
    console.log(`readers at exam time: ${vsBare.toFixed(2)}× bare's rps (target ≥ 0.5) ${verdict(vsBare >= 0.5)}`);
    console.log(
      `readers at exam time: ${vsQuiet.toFixed(2)}× their rps with nobody writing (target ≥ 0.8) ${verdict(vsQuiet >= 0.8)}`,
    );
    console.log(
      `readers at exam time: p99 ${busy.p99Ms.toFixed(1)} ms = ${p99Ratio.toFixed(2)}× bare's ${bareRun.p99Ms.toFixed(1)} ms ` +
        `(target ≤ 2) ${verdict(p99Ratio <= 2)}`,
    );
    for (const kind of Object.keys(WRITE_RATES) as WriteKind[]) {
      const tally = tallies[kind];
      console.log(
        `${kind} p99 ${tally.p99Ms.toFixed(1)} ms (target < 100 ms) ${verdict(tally.p99Ms < 100 && tally.errors === 0)}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' / ')}`,
    );
  } finally {
    writers.close();
    await runner.close();
    for (const child of children) child.kill('SIGTERM');
    await sleep(500);
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench('exam-time.bench.ts', main, 10);
