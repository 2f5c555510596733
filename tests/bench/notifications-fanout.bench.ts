/**
 * Issue 21 "Performance" (decision 032), the server's half: one post with
 * 1,000 commenters, one new comment. Measures
 *   1. the notifications' own cost: notifyComment for a new comment in that
 *      thread (1,000 'comment interaction' rows merged or written), in a
 *      transaction of its own, median and p95 of 30 runs;
 *   2. the comment request's latency (POST /api/posts/:id/comments over HTTP
 *      to a real server on a file database), 60 sequential requests each:
 *      in that thread (fan-out to 1,000), and in a thread of the same size
 *      whose 1,000 comments are all the post author's own (fan-out 0).
 * Pushes are not part of this slice (issue 21 later). Prints the figures;
 * the target (p95 within 10 % with and without the fan-out) is reported,
 * not failed.
 *
 *   npx tsx tests/bench/notifications-fanout.bench.ts   (or `npm run bench`)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { loadConfig } from '../../sync-server/src/config.ts';
import type { Db } from '../../sync-server/src/db/database.ts';
import { notifyComment } from '../../sync-server/src/notifications/comment-notifications.ts';
import { type RunningServer, startServer } from '../../sync-server/src/server.ts';
import { createSession, generateSessionToken } from '../../sync-server/src/sessions/session.ts';
import { formatRows, machineLoad, median, ms, percentile, verdict } from './sync-report.ts';

const COMMENTERS = 1_000;
const DIRECT_RUNS = 30;
const REQUESTS = 60;
const WARM_UP = 5;

async function seedUsers(db: Db, count: number, prefix: string): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => uuidv7());
  for (let start = 0; start < ids.length; start += 200) {
    await db
      .insertInto('users')
      .values(
        ids.slice(start, start + 200).map((id, offset) => ({
          id,
          campus_id: 'ou',
          first_name: 'Bench',
          last_name: 'U.',
          username: `${prefix}${start + offset}`,
          email: `${prefix}${start + offset}@ou.edu`,
          verified: 1,
          school_verified: 1,
          school_verified_at: now,
          profile_set_up: 1,
          bio: 'Bench',
          img: '/media/avatars/me.webp',
          created_at: now,
          last_modified: now,
        })),
      )
      .execute();
  }
  return ids;
}

/** A top-level post with one comment by each of `authors`, written directly (the seed is not what is timed). */
async function seedThread(db: Db, ownerId: string, authors: string[]): Promise<string> {
  const postId = uuidv7();
  const now = new Date().toISOString();
  const text = (plain: string) => ({ text_json: JSON.stringify(plainTextToRichText(plain)), text_plain: plain });
  await db
    .insertInto('posts')
    .values({
      id: postId,
      campus_id: 'ou',
      user_id: ownerId,
      ...text('Desk lamp'),
      created_at: now,
      last_modified: now,
    })
    .execute();
  for (let start = 0; start < authors.length; start += 200) {
    await db
      .insertInto('posts')
      .values(
        authors.slice(start, start + 200).map((userId) => ({
          id: uuidv7(),
          campus_id: 'ou',
          user_id: userId,
          parent_id: postId,
          ...text('Still for sale?'),
          created_at: now,
          last_modified: now,
        })),
      )
      .execute();
  }
  await db.updateTable('posts').set({ comment_count: authors.length }).where('id', '=', postId).execute();
  return postId;
}

async function sessionOf(db: Db, userId: string): Promise<string> {
  const token = generateSessionToken();
  await createSession(db, token, userId);
  return token;
}

/** The direct cost: notifyComment for a new comment by a new commenter, in its own transaction. */
async function timeFanOut(db: Db, postId: string, commenters: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const authorId of commenters) {
    const commentId = uuidv7();
    const at = new Date().toISOString();
    await db
      .insertInto('posts')
      .values({
        id: commentId,
        campus_id: 'ou',
        user_id: authorId,
        parent_id: postId,
        text_json: '{}',
        text_plain: 'Me too',
        created_at: at,
        last_modified: at,
      })
      .execute();
    const started = performance.now();
    await db
      .transaction()
      .execute((trx) => notifyComment(trx, { commentId, authorId, campusId: 'ou', parentId: postId, postId, at }));
    times.push(performance.now() - started);
  }
  return times;
}

/** Sequential comment requests by `tokens` (one each, in turn), timed at the client. */
async function timeRequests(server: RunningServer, postId: string, tokens: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const [index, token] of tokens.entries()) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/posts/${postId}/comments`, {
      method: 'POST',
      headers: { origin: server.url, cookie: `session=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: plainTextToRichText(`Is it still there? ${index}`) }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`comment answered ${response.status}`);
    if (index >= WARM_UP) times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'notifications-bench-'));
  const server = await startServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, host: '127.0.0.1', seedDemo: false }),
  );
  try {
    const { db } = server;
    const [owner, quietOwner] = await seedUsers(db, 2, 'owner');
    if (!owner || !quietOwner) throw new Error('seed');
    const commenters = await seedUsers(db, COMMENTERS, 'commenter');
    const newcomers = await seedUsers(db, DIRECT_RUNS + 2 * REQUESTS, 'newcomer');
    const busy = await seedThread(db, owner, commenters);
    const quiet = await seedThread(
      db,
      quietOwner,
      Array.from({ length: COMMENTERS }, () => quietOwner),
    );
    // Every commenter has heard of the thread once: from here each new comment merges into 1,000 rows.
    await notifyComment(db, {
      commentId: (await db.selectFrom('posts').select('id').where('parent_id', '=', busy).executeTakeFirstOrThrow()).id,
      authorId: owner,
      campusId: 'ou',
      parentId: busy,
      postId: busy,
      at: new Date().toISOString(),
    });

    const direct = await timeFanOut(db, busy, newcomers.slice(0, DIRECT_RUNS));
    const rowsAfter = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('merge_key', '=', `comment interaction:${busy}`)
      .executeTakeFirstOrThrow();

    const tokens = await Promise.all(newcomers.slice(DIRECT_RUNS).map((id) => sessionOf(db, id)));
    // Interleaved halves, so a slower moment of the machine weighs on both alike.
    const withFanOut: number[] = [];
    const without: number[] = [];
    for (let round = 0; round < 2; round++) {
      const slice = tokens.slice(round * REQUESTS, (round + 1) * REQUESTS);
      without.push(...(await timeRequests(server, quiet, slice.slice(0, REQUESTS / 2))));
      withFanOut.push(...(await timeRequests(server, busy, slice.slice(REQUESTS / 2))));
    }

    const p95With = percentile(withFanOut, 95);
    const p95Without = percentile(without, 95);
    console.log(`Notification fan-out: one post with ${COMMENTERS} commenters, one new comment (${machineLoad()})`);
    console.log(
      formatRows(
        ['measure', 'runs', 'median', 'p95', 'max'],
        [
          [
            'notifyComment alone (1,000 rows)',
            String(direct.length),
            ms(median(direct)),
            ms(percentile(direct, 95)),
            ms(Math.max(...direct)),
          ],
          [
            'comment request, fan-out 1,000',
            String(withFanOut.length),
            ms(median(withFanOut)),
            ms(p95With),
            ms(Math.max(...withFanOut)),
          ],
          [
            'comment request, fan-out 0',
            String(without.length),
            ms(median(without)),
            ms(p95Without),
            ms(Math.max(...without)),
          ],
        ],
      ),
    );
    console.log(`'comment interaction' rows of the thread: ${Number(rowsAfter.count)}`);
    const ratio = p95With / p95Without;
    console.log(
      `comment p95 with / without the fan-out: ${ratio.toFixed(2)} (target ≤ 1.10): ${verdict(ratio <= 1.1)}`,
    );
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
