import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { startServer } from '../server.ts';
import { createBlock, createPost, createUser } from '../test/factories.ts';
import { createMembers, nextMillisecond } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { runCommentFanOut } from './comment-fan-out.ts';
import { notifyComment } from './comment-notifications.ts';
import { comment, summaryOf } from './notifications.test-helpers.ts';

/** A comment by `authorId` on `postId` and its notifications' transaction, as createComment writes them, without the poke. */
async function commitComment(db: Db, postId: string, authorId: string) {
  const row = await createPost(db, { user_id: authorId, parent_id: postId, text_plain: 'Me too' });
  await db.transaction().execute((trx) =>
    notifyComment(trx, {
      commentId: row.id,
      authorId,
      campusId: 'ou',
      parentId: postId,
      postId,
      at: row.created_at,
    }),
  );
  return row.id;
}

async function interactionRows(db: Db) {
  return db
    .selectFrom('notifications')
    .select(['to_user_id', 'from_user_id', 'actor_count', 'is_read', 'updated_at'])
    .where('type', '=', 'comment interaction')
    .orderBy('to_user_id')
    .execute();
}

describe('the comment fan-out leaves the request (decision 032)', () => {
  it('the comment’s transaction writes its direct rows and one job; the worker writes the fan-out and drops the job', async () => {
    const app = await createTestApp();
    const [seller, first, second] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, first, listing.id, 'Is it available?');
    await nextMillisecond();

    await commitComment(app.db, listing.id, second.user.id);
    expect(await app.db.selectFrom('notification_jobs').select(['kind', 'attempts']).execute()).toEqual([
      { kind: 'comment fan-out', attempts: 0 },
    ]);
    expect(await interactionRows(app.db)).toEqual([]);
    // The direct row is in already.
    expect((await summaryOf(app, seller))[0]).toEqual(['comment', second.user.id, 1]);

    await app.notificationJobs.start();
    expect(await interactionRows(app.db)).toEqual([
      expect.objectContaining({ to_user_id: first.user.id, from_user_id: second.user.id, actor_count: 1 }),
    ]);
    expect(await app.db.selectFrom('notification_jobs').selectAll().execute()).toEqual([]);
  });

  it('running a job twice changes nothing: the same actor and time is the same action', async () => {
    const app = await createTestApp();
    const [seller, first, second] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, first, listing.id, 'One');
    await nextMillisecond();
    const commentId = await comment(app, second, listing.id, 'Two');
    const once = await interactionRows(app.db);
    expect(once).toEqual([expect.objectContaining({ to_user_id: first.user.id, actor_count: 1, is_read: 0 })]);

    await runCommentFanOut(app.db, { commentId, postId: listing.id });
    expect(await interactionRows(app.db)).toEqual(once);
    // Read, then the job again: it stays read (it is not news).
    await app.db.updateTable('notifications').set({ is_read: 1 }).execute();
    await runCommentFanOut(app.db, { commentId, postId: listing.id });
    expect(await interactionRows(app.db)).toEqual([{ ...once[0], is_read: 1 }]);
  });

  it('a comment or post deleted between the commit and the job writes nothing', async () => {
    const app = await createTestApp();
    const [seller, first, second] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, first, listing.id, 'One');
    await nextMillisecond();

    const gone = await commitComment(app.db, listing.id, second.user.id);
    const removed = await app.request(`/api/posts/${gone}`, { method: 'DELETE', session: second.session });
    expect(removed.status).toBe(200);
    // The job went with its comment; run as if it had not (a job read just before the delete).
    expect(await app.db.selectFrom('notification_jobs').selectAll().execute()).toEqual([]);
    await runCommentFanOut(app.db, { commentId: gone, postId: listing.id });
    await app.notificationJobs.start();
    expect(await interactionRows(app.db)).toEqual([]);

    const other = await commitComment(app.db, listing.id, second.user.id);
    const postRemoved = await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: seller.session });
    expect(postRemoved.status).toBe(200);
    await runCommentFanOut(app.db, { commentId: other, postId: listing.id });
    await app.notificationJobs.start();
    expect(await app.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('a block made between the commit and the job keeps the two apart', async () => {
    const app = await createTestApp();
    const [seller, first, second, third] = await createMembers(app, 4);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, first, listing.id, 'One');
    await comment(app, third, listing.id, 'Two');
    await app.db.deleteFrom('notifications').execute();
    await nextMillisecond();

    await commitComment(app.db, listing.id, second.user.id);
    await createBlock(app.db, first.user.id, second.user.id);
    await app.notificationJobs.start();
    expect((await interactionRows(app.db)).map((row) => row.to_user_id)).toEqual([third.user.id]);
  });

  it('a job left by a process that stopped after the commit runs when the next one starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-jobs-'));
    const databaseFile = path.join(dataDir, 'campus.sqlite');
    const { db, walCheckpointer } = openDatabase(databaseFile);
    await migrateToLatest(db);
    await upsertCampusCatalogue(db, undefined);
    const seller = await createUser(db);
    const first = await createUser(db);
    const second = await createUser(db);
    const listing = await createPost(db, { user_id: seller.id });
    await createPost(db, { user_id: first.id, parent_id: listing.id, text_plain: 'One' });
    await commitComment(db, listing.id, second.id);
    await walCheckpointer.stop();
    await db.destroy();

    const server = await startServer(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { port: 0, host: '127.0.0.1', seedDemo: false }),
    );
    try {
      await server.notificationJobs.idle();
      expect(await interactionRows(server.db)).toEqual([
        expect.objectContaining({ to_user_id: first.id, from_user_id: second.id }),
      ]);
      expect(await server.db.selectFrom('notification_jobs').selectAll().execute()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
