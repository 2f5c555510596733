/**
 * Issue 21 "Performance", web push (decision 034): one post with 1,000
 * commenters, each with a push subscription on the stand-in push service
 * (HTTPS, VAPID checked, every body decrypted), one new comment. Measures
 *   1. the time from sending the comment until the stand-in has received all
 *      1,000 pushes (notification rows written, delivery log drained, pushes
 *      encrypted, sent with PUSH_CONCURRENCY at once, decrypted);
 *   2. how many pushes had arrived when the comment's own answer came back
 *      (the request must not wait for them);
 *   3. the comment request's median and p95 in that thread, against a thread
 *      of the same size whose 1,000 commenters have no subscription (same
 *      fan-out of notification rows, no pushes), interleaved in one run. Each
 *      request starts after the previous one's pushes are all received and a
 *      pause lets the previous comment's fan-out job end. The
 *      fan-out itself runs as a job after the answer (decision 032), so the
 *      1,000 'comment interaction' rows and their delivery log rows are
 *      written outside the request too.
 * The server (sync-server/src/main.ts), the stand-in and this client each run
 * in their own process, as in production: the server's push work shares a
 * loop only with the server. Prints the figures; the target (p95 within 10 %)
 * is reported, not failed.
 *
 *   npx tsx tests/bench/push-fanout.bench.ts   (or `npm run bench`)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { type Db, openDatabase } from '../../sync-server/src/db/database.ts';
import { runCommentFanOut } from '../../sync-server/src/notifications/comment-fan-out.ts';
import { createSession, generateSessionToken, hashToken } from '../../sync-server/src/sessions/session.ts';
import { seedThread, seedUsers } from './comment-thread-seed.ts';
import { freePort } from './free-port.ts';
import type { PushServiceRequest } from './push-service-process.ts';
import { formatRows, machineLoad, median, ms, percentile, verdict } from './sync-report.ts';

const COMMENTERS = 1_000;
const SAMPLES = 40;
const WARM_UP = 3;
/** A pause after each sample, so one comment's fan-out job (after its answer) never delays the next request. */
const SETTLE_MS = 300;

/** A thread (comment-thread-seed.ts) and the notification rows its commenters already have. */
async function seedHeardThread(db: Db, ownerId: string, authors: string[]): Promise<string> {
  const postId = await seedThread(db, ownerId, authors);
  // Every commenter has heard of the thread once: each new comment merges into their rows. Run here, not
  // as a job: a job left in the table would be run by the server in the middle of the timings.
  const first = await db.selectFrom('posts').select('id').where('parent_id', '=', postId).executeTakeFirstOrThrow();
  await runCommentFanOut(db, { commentId: first.id, postId });
  return postId;
}

/** Each user gets a session and, on that session, a subscription on the stand-in (as their browser would). */
async function subscribeAll(db: Db, service: StandIn, publicKey: string, userIds: string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const userId of userIds) {
    const token = generateSessionToken();
    await createSession(db, token, userId);
    const { subscription } = (await service.ask({ op: 'subscribe', key: publicKey })) as {
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
    };
    await db
      .insertInto('push_subscriptions')
      .values({
        id: uuidv7(),
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        user_id: userId,
        campus_id: 'ou',
        session_id: hashToken(token),
        created_at: now,
      })
      .execute();
  }
}

async function sessionOf(db: Db, userId: string): Promise<string> {
  const token = generateSessionToken();
  await createSession(db, token, userId);
  return token;
}

async function postComment(url: string, postId: string, token: string, index: number): Promise<void> {
  const response = await fetch(`${url}/api/posts/${postId}/comments`, {
    method: 'POST',
    headers: { origin: url, cookie: `session=${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: plainTextToRichText(`Is it still there? ${index}`) }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`comment answered ${response.status}`);
}

interface StandIn {
  certFile: string;
  ask(request: DistributiveOmit<PushServiceRequest, 'id'>): Promise<unknown>;
  counts(): Promise<{ received: number; refused: number; firstRefusal: string | null }>;
  stop(): void;
}
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

const tsx = { execArgv: ['--import', 'tsx'] };

async function startStandIn(): Promise<StandIn> {
  const child = fork(path.join(import.meta.dirname, 'push-service-process.ts'), [], tsx);
  const waiting = new Map<number, (answer: unknown) => void>();
  let nextId = 0;
  const certFile = await new Promise<string>((resolve) => {
    child.on('message', (message: { type?: string; id?: number; certFile?: string }) => {
      if (message.type === 'ready') resolve(message.certFile ?? '');
      else if (message.id !== undefined) waiting.get(message.id)?.(message);
    });
  });
  function ask(request: DistributiveOmit<PushServiceRequest, 'id'>): Promise<unknown> {
    const id = nextId++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      child.send({ ...request, id });
    });
  }
  return {
    certFile,
    ask,
    counts: () => ask({ op: 'count' }) as ReturnType<StandIn['counts']>,
    stop: () => child.disconnect(),
  };
}

/** The real server as `npm run serve` starts it, in its own process. */
async function startServerProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const child = fork(path.join(repoRoot, 'sync-server/src/main.ts'), [], {
    ...tsx,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const isUp = await fetch(`${url}/api/push/key`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { url, child };
    await sleep(100);
  }
  throw new Error('the server did not start');
}

/** Polls the stand-in until `count` pushes arrived. */
async function waitForPushes(service: StandIn, count: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  while ((await service.counts()).received < count) {
    if (performance.now() > deadline) throw new Error(`pushes: fewer than ${count} after 60 s`);
    await sleep(5);
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'push-bench-'));
  const service = await startStandIn();
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    PUSH_CA_FILE: service.certFile,
    PUSH_SERVICE_HOSTS: 'localhost',
  });
  // The bench seeds the server's database file beside it (WAL: two processes, one file).
  const { db, walCheckpointer } = openDatabase(path.join(dataDir, 'campus.sqlite'));
  try {
    const [owner, quietOwner] = await seedUsers(db, 2, 'owner');
    if (!owner || !quietOwner) throw new Error('seed');
    const subscribed = await seedUsers(db, COMMENTERS, 'subscribed');
    const unsubscribed = await seedUsers(db, COMMENTERS, 'unsubscribed');
    const newcomers = await seedUsers(db, 2 * SAMPLES, 'newcomer');
    const busy = await seedHeardThread(db, owner, subscribed);
    const quiet = await seedHeardThread(db, quietOwner, unsubscribed);
    const { publicKey } = (await (await fetch(`${server.url}/api/push/key`)).json()) as { publicKey: string };
    await subscribeAll(db, service, publicKey, subscribed);
    const tokens = await Promise.all(newcomers.map((id) => sessionOf(db, id)));

    const withPushes: number[] = [];
    const without: number[] = [];
    const allReceived: number[] = [];
    const arrivedBeforeAnswer: number[] = [];
    for (let index = 0; index < SAMPLES; index++) {
      const quietToken = tokens[2 * index] ?? '';
      const busyToken = tokens[2 * index + 1] ?? '';

      let started = performance.now();
      await postComment(server.url, quiet, quietToken, index);
      const quietTime = performance.now() - started;
      // Its fan-out job runs after the answer: let it end, or the next request would queue behind it.
      await sleep(SETTLE_MS);

      const before = (await service.counts()).received;
      started = performance.now();
      await postComment(server.url, busy, busyToken, index);
      const busyTime = performance.now() - started;
      const arrived = (await service.counts()).received - before;
      await waitForPushes(service, before + COMMENTERS);
      const receivedTime = performance.now() - started;
      await sleep(SETTLE_MS);

      if (index < WARM_UP) continue;
      without.push(quietTime);
      withPushes.push(busyTime);
      allReceived.push(receivedTime);
      arrivedBeforeAnswer.push(arrived);
    }
    const counts = await service.counts();
    if (counts.refused > 0) throw new Error(`stand-in refused ${counts.refused}: ${counts.firstRefusal}`);

    const p95With = percentile(withPushes, 95);
    const p95Without = percentile(without, 95);
    console.log(
      `Web push fan-out: one post with ${COMMENTERS} commenters each subscribed, one new comment (${machineLoad()})`,
    );
    console.log(
      formatRows(
        ['measure', 'runs', 'median', 'p95', 'max'],
        [
          [
            'comment sent → all 1,000 pushes received',
            String(allReceived.length),
            ms(median(allReceived)),
            ms(percentile(allReceived, 95)),
            ms(Math.max(...allReceived)),
          ],
          [
            'comment request, 1,000 subscribers',
            String(withPushes.length),
            ms(median(withPushes)),
            ms(p95With),
            ms(Math.max(...withPushes)),
          ],
          [
            'comment request, no subscribers',
            String(without.length),
            ms(median(without)),
            ms(p95Without),
            ms(Math.max(...without)),
          ],
        ],
      ),
    );
    console.log(
      `pushes received when the comment's answer came back: max ${Math.max(...arrivedBeforeAnswer)} of ${COMMENTERS}`,
    );
    console.log(`pushes received in all: ${counts.received}, refused: ${counts.refused}`);
    const ratio = p95With / p95Without;
    console.log(
      `comment p95 with / without 1,000 subscribers: ${ratio.toFixed(2)} (medians ${(median(withPushes) / median(without)).toFixed(2)}; target ≤ 1.10): ${verdict(ratio <= 1.1)}`,
    );
  } finally {
    await walCheckpointer.stop();
    await db.destroy();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
