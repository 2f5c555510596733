/**
 * Issue 21 "Performance" (decision 032), the server's half: one post with
 * 1,000 commenters, one new comment. The real server runs in its own process
 * (notifications-fanout-server.ts) on a file database. Measures
 *   1. the fan-out's own cost: the job for a new comment in that thread
 *      (1,000 'comment interaction' rows merged), in a transaction of its
 *      own as the worker runs it, median and p95 of 30 runs;
 *   2. the comment route's database work without HTTP (the post's card,
 *      the comment's transaction with its direct rows and job, the new
 *      comment's card), 30 runs in each thread, in turn;
 *   3. the comment request's latency (POST /api/posts/:id/comments over
 *      loopback HTTP), 60 sequential requests each (the first 5 of each
 *      batch not counted), interleaved in the same run: in that thread
 *      (fan-out to 1,000 and the newcomers before), and in a thread of the
 *      same size whose 1,000 comments are all the post author's own (fan-out
 *      0; each new comment is removed again, untimed); after every request,
 *      in both threads, the same untimed round trip to the server process;
 *   4. for the thread of 1,000, the time from the request's answer until its
 *      fan-out rows are there for another reader of the database (polled on
 *      a read-only connection). Each request waits until the last one's job
 *      is done, so none is timed while another's fan-out runs.
 * Pushes are not part of this slice (issue 21 later). Prints the figures;
 * the target (median and p95 within 10 % with and without the fan-out) is
 * reported, not failed.
 *
 *   npx tsx tests/bench/notifications-fanout.bench.ts   (or `npm run bench`)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { plainTextToRichText } from '@campus/shared/rich-text';
import Database from 'better-sqlite3';
import { startBenchProcess } from './bench-process.ts';
import { type FanOutAsk, type FanOutReply, isFanOutReply } from './notifications-fanout-protocol.ts';
import { formatRows, machineLoad, median, ms, percentile, verdict } from './sync-report.ts';

const COMMENTERS = 1_000;
const REQUESTS = 60;
const WARM_UP = 5;
/** How long a fan-out may take to show before the bench gives up. */
const SETTLE_LIMIT_MS = 10_000;

interface Timed {
  /** Request sent until its answer read, at the client. */
  request: number[];
  /** The answer until the fan-out's rows could be read. */
  fanOutAfter: number[];
}

type Reader = InstanceType<typeof Database>;

/** Polls `check` on the read-only connection until it holds; answers when it first did. */
async function until(check: () => boolean): Promise<number> {
  const deadline = performance.now() + SETTLE_LIMIT_MS;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('the fan-out did not show within 10 s');
    await sleep(0);
  }
  return performance.now();
}

async function main() {
  const server = await startBenchProcess<FanOutReply, FanOutAsk>({
    script: path.join(import.meta.dirname, 'notifications-fanout-server.ts'),
    label: 'the server process',
    isReply: isFanOutReply,
    answerTimeoutMs: 120_000,
    killAfterMs: 15_000,
  });
  try {
    const seeded = await server.ask({ type: 'seed' }, 'seeded');
    const reader: Reader = new Database(seeded.databaseFile, { readonly: true, fileMustExist: true });
    const origin = `http://127.0.0.1:${server.port}`;
    const interactionRows = reader.prepare(
      `select count(*) as count from notifications where merge_key = ? and from_user_id = ?`,
    );
    const waitingJobs = reader.prepare('select count(*) as count from notification_jobs');
    const countOf = (statement: ReturnType<Reader['prepare']>, values: string[] = []) =>
      Number((statement.get(values) as { count: number }).count);

    /** Sequential comments by `tokens` (one each, in turn) in `postId`, timed at the client. */
    async function timeRequests(postId: string, tokens: string[], recipients: number): Promise<Timed> {
      const timed: Timed = { request: [], fanOutAfter: [] };
      for (const [index, token] of tokens.entries()) {
        const started = performance.now();
        const response = await fetch(`${origin}/api/posts/${postId}/comments`, {
          method: 'POST',
          headers: { origin, cookie: `session=${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: plainTextToRichText(`Is it still there? ${index}`) }),
        });
        const body = (await response.json()) as { comment: { id: string; author: { id: string } } };
        const answered = performance.now();
        if (response.status !== 201) throw new Error(`comment answered ${response.status}`);
        const key = `comment interaction:${postId}`;
        const shown = await until(() => countOf(interactionRows, [key, body.comment.author.id]) >= recipients);
        await until(() => countOf(waitingJobs) === 0);
        if (recipients === 0 && countOf(interactionRows, [key, body.comment.author.id]) !== 0) {
          throw new Error('a fan-out in the quiet thread');
        }
        // The same round trip after every request, in both threads (without it the two differed by
        // what the client did between requests, not by the fan-out). A quiet thread's comment goes
        // again, so the next newcomer there has nobody to tell either.
        await server.ask({ type: 'settle', commentId: body.comment.id, remove: recipients === 0 }, 'settled');
        if (index >= WARM_UP) {
          timed.request.push(answered - started);
          timed.fanOutAfter.push(shown - answered);
        }
      }
      return timed;
    }

    // Interleaved halves, so a slower moment of the machine weighs on both alike.
    const withFanOut: number[] = [];
    const without: number[] = [];
    const fanOutAfter: number[] = [];
    for (let round = 0; round < 2; round++) {
      const slice = seeded.tokens.slice(round * REQUESTS, (round + 1) * REQUESTS);
      without.push(...(await timeRequests(seeded.quiet, slice.slice(0, REQUESTS / 2), 0)).request);
      const busy = await timeRequests(seeded.busy, slice.slice(REQUESTS / 2), COMMENTERS);
      withFanOut.push(...busy.request);
      fanOutAfter.push(...busy.fanOutAfter);
    }
    const threadRows = reader
      .prepare(`select count(*) as count from notifications where merge_key = ?`)
      .get(`comment interaction:${seeded.busy}`) as { count: number };
    reader.close();

    const { direct, handler } = seeded;
    const row = (label: string, values: number[]) => [
      label,
      String(values.length),
      ms(median(values)),
      ms(percentile(values, 95)),
      ms(Math.max(...values)),
    ];
    console.log(`Notification fan-out: one post with ${COMMENTERS} commenters, one new comment (${machineLoad()})`);
    console.log(
      formatRows(
        ['measure', 'runs', 'median', 'p95', 'max'],
        [
          row('fan-out job alone (1,000 rows)', direct),
          row('comment route in the db, fan-out 1,000', handler.busy),
          row('comment route in the db, fan-out 0', handler.quiet),
          row('comment request, fan-out 1,000', withFanOut),
          row('comment request, fan-out 0', without),
          row('answer until fan-out rows exist', fanOutAfter),
        ],
      ),
    );
    console.log(`'comment interaction' rows of the thread: ${Number(threadRows.count)}`);
    const medianRatio = median(withFanOut) / median(without);
    const p95Ratio = percentile(withFanOut, 95) / percentile(without, 95);
    console.log(
      `comment median with / without the fan-out: ${medianRatio.toFixed(2)} (target ≤ 1.10): ${verdict(medianRatio <= 1.1)}`,
    );
    console.log(
      `comment p95 with / without the fan-out: ${p95Ratio.toFixed(2)} (target ≤ 1.10): ${verdict(p95Ratio <= 1.1)}`,
    );
  } finally {
    await server.close();
  }
}

await main();
