/**
 * The server side of notifications-fanout.bench.ts, in its own process (so
 * the fan-out after a comment's answer runs on the server's event loop, not
 * the client's): the real server, the two threads seeded, and the fan-out
 * job timed alone.
 */
import { performance } from 'node:perf_hooks';
import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { createComment } from '@campus/sync-server/comments/comments.service';
import type { Db } from '@campus/sync-server/db/database';
import { runCommentFanOut } from '@campus/sync-server/notifications/comment-fan-out';
import { requirePostCard } from '@campus/sync-server/posts/post-lookup';
import type { RunningServer } from '@campus/sync-server/server';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { runBenchServerProcess } from './bench-server-process.ts';
import { seedThread, seedUsers } from './comment-thread-seed.ts';
import { type FanOutReply, type FanOutRequest, isFanOutRequest } from './notifications-fanout-protocol.ts';

const COMMENTERS = 1_000;
const DIRECT_RUNS = 30;
/** The comment's own work in the server (no HTTP), per thread. */
const HANDLER_RUNS = 30;
/** Requests the bench makes: two rounds of 30 in each thread. */
const REQUESTS = 120;

async function sessionOf(db: Db, userId: string): Promise<string> {
  const token = generateSessionToken();
  await createSession(db, token, userId);
  return token;
}

/** The fan-out's own cost: the job of a new comment by a new commenter, in its own transaction. */
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
        root_id: postId,
        text_json: '{}',
        text_plain: 'Me too',
        created_at: at,
        last_modified: at,
      })
      .execute();
    const started = performance.now();
    await db.transaction().execute((trx) => runCommentFanOut(trx, { commentId, postId }));
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * What the comment route does in the database (the post's card, createComment
 * with its direct rows and job, the new comment's card), timed in the server
 * without HTTP, in turn in each thread; each run waits for its fan-out job,
 * untimed. A comment in the quiet thread is removed again, so it stays one
 * nobody else commented in.
 */
async function timeHandlers(server: RunningServer, threads: { busy: string; quiet: string }, authors: string[]) {
  const { db } = server;
  const text = { json: JSON.stringify(plainTextToRichText('Me too')), plain: 'Me too' };
  const times = { busy: [] as number[], quiet: [] as number[] };
  for (const [index, authorId] of authors.entries()) {
    const which = index % 2 === 0 ? 'quiet' : 'busy';
    const postId = threads[which];
    const started = performance.now();
    await requirePostCard(db, 'ou', postId, authorId);
    const { id } = await createComment(db, authorId, 'ou', { clientId: undefined, text, postId, parentId: undefined });
    await requirePostCard(db, 'ou', id, authorId);
    times[which].push(performance.now() - started);
    server.notificationJobs.poke();
    await new Promise((resolve) => setImmediate(resolve));
    await server.notificationJobs.idle();
    if (which === 'quiet') await db.deleteFrom('posts').where('id', '=', id).execute();
  }
  return times;
}

async function seed(server: RunningServer, id: number): Promise<FanOutReply> {
  const { db } = server;
  const [owner, quietOwner] = await seedUsers(db, 2, 'owner');
  if (!owner || !quietOwner) throw new Error('seed');
  const commenters = await seedUsers(db, COMMENTERS, 'commenter');
  const newcomers = await seedUsers(db, DIRECT_RUNS + 2 * HANDLER_RUNS + REQUESTS, 'newcomer');
  const busy = await seedThread(db, owner, commenters);
  const quiet = await seedThread(
    db,
    quietOwner,
    Array.from({ length: COMMENTERS }, () => quietOwner),
  );
  // Every commenter has heard of the thread once: from here each new comment merges into 1,000 rows.
  const first = await db.selectFrom('posts').select('id').where('parent_id', '=', busy).executeTakeFirstOrThrow();
  await db.transaction().execute((trx) => runCommentFanOut(trx, { commentId: first.id, postId: busy }));
  const direct = await timeFanOut(db, busy, newcomers.slice(0, DIRECT_RUNS));
  const handler = await timeHandlers(
    server,
    { busy, quiet },
    newcomers.slice(DIRECT_RUNS, DIRECT_RUNS + 2 * HANDLER_RUNS),
  );
  const tokens = await Promise.all(
    newcomers.slice(DIRECT_RUNS + 2 * HANDLER_RUNS).map((userId) => sessionOf(db, userId)),
  );
  return { type: 'seeded', id, busy, quiet, tokens, direct, handler, databaseFile: server.databaseFile };
}

runBenchServerProcess<FanOutRequest>({
  dataDirPrefix: 'notifications-bench-',
  isRequest: isFanOutRequest,
  async answer(server, request) {
    if (request.type === 'seed') return seed(server, request.id);
    await server.notificationJobs.idle();
    if (request.remove) await server.db.deleteFrom('posts').where('id', '=', request.commentId).execute();
    return { type: 'settled', id: request.id };
  },
});
