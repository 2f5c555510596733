/**
 * The real server in its own process (forked by sync-server-host.ts): a
 * temporary DATA_DIR, port 0 on 127.0.0.1, no demo data. Clients in the
 * bench's process then reach it over loopback as a browser would, and the
 * server keeps its event loop to itself (2 cores: a client in the same
 * process would queue behind the server's work and the other way round).
 * Answers IPC requests for members (user + session) and row counts.
 */
import type { Db } from '@campus/sync-server/db/database';
import type { RunningServer } from '@campus/sync-server/server';
import { createSession, generateSessionToken } from '@campus/sync-server/sessions/session';
import { createUser } from '@campus/sync-server/test/factories';
import { runBenchServerProcess } from './bench-server-process.ts';
import { isSyncServerRequest, type SyncServerReply, type SyncServerRequest, type UserCensus } from './sync-protocol.ts';

async function census(db: Db, userId: string): Promise<UserCensus> {
  const posts = await db
    .selectFrom('posts')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min<number>('comment_count').as('commentMin'),
      eb.fn.max<number>('comment_count').as('commentMax'),
      eb.fn.sum<number>('comment_count').as('commentSum'),
      eb.fn.sum<number>('save_count').as('saveSum'),
    ])
    .where('user_id', '=', userId)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const comments = await db
    .selectFrom('posts as comment')
    .leftJoin('posts as parent', 'parent.id', 'comment.parent_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.count<number>('parent.id').filterWhere('parent.user_id', '=', userId).as('onOwn'),
    ])
    .where('comment.user_id', '=', userId)
    .where('comment.parent_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const saved = await db.selectFrom('saves').select('post_id').where('user_id', '=', userId).execute();
  const receipts = await db
    .selectFrom('mutation_receipts')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .groupBy('state')
    .execute();
  const receiptsIn = (state: string) => Number(receipts.find((row) => row.state === state)?.count ?? 0);
  return {
    posts: Number(posts.count),
    comments: Number(comments.count),
    commentsOnOwnPosts: Number(comments.onOwn),
    commentCountMin: Number(posts.commentMin ?? 0),
    commentCountMax: Number(posts.commentMax ?? 0),
    commentCountSum: Number(posts.commentSum ?? 0),
    savedPostIds: saved.map((row) => row.post_id),
    saveCountSum: Number(posts.saveSum ?? 0),
    receiptsDone: receiptsIn('done'),
    receiptsPending: receiptsIn('pending'),
  };
}

async function answer(server: RunningServer, request: SyncServerRequest): Promise<SyncServerReply> {
  switch (request.type) {
    case 'member': {
      const user = await createUser(server.db, {
        campus_id: request.campusId,
        profile_set_up: 1,
        bio: 'Bench student',
        img: '/a.webp',
      });
      const token = generateSessionToken();
      await createSession(server.db, token, user.id);
      return { id: request.id, type: 'member', userId: user.id, token };
    }
    case 'census':
      return { id: request.id, type: 'census', census: await census(server.db, request.userId) };
    case 'socketCount':
      return { id: request.id, type: 'socketCount', count: server.socketCount };
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      return { id: request.id, type: 'cpu', ms: (user + system) / 1000 };
    }
  }
}

runBenchServerProcess({ dataDirPrefix: 'campus-sync-bench-', isRequest: isSyncServerRequest, answer });
