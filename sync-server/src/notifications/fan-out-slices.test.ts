import { scaled } from '@campus/shared/time-scale';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SLOW_JOB_MS } from '../jobs/job-slices.ts';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { notifyComment } from './comment-notifications.ts';

const CAMPUS_POSTS = 60_000;
const THREAD_COMMENTERS = 300;
const NEW_COMMENTS = 25;

/** The longest the event loop went without running a macrotask while `work` ran: what a request waited. */
async function longestHold(work: () => Promise<void>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  let isRunning = true;
  const tick = () => {
    const at = performance.now();
    longest = Math.max(longest, at - last);
    last = at;
    if (isRunning) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  isRunning = false;
  await new Promise((resolve) => setImmediate(resolve));
  return longest;
}

// issue 36: at 10 comments a second the fan-out held the server's one thread for seconds: its
// recursive thread walk scanned every post per level, and a batch of jobs ran without a break.
describe('comment fan-outs on a busy campus', { timeout: scaled(60_000) }, () => {
  it(`never hold the event loop longer than ${SLOW_JOB_MS} ms, one job at a time`, async () => {
    const app = await createTestApp();
    const seller = await createUser(app.db);
    const listing = await createPost(app.db, { user_id: seller.id, text_plain: 'Desk' });
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${CAMPUS_POSTS})
      insert into posts (id, campus_id, user_id, text_json, text_plain, created_at, last_modified)
      select printf('seed-%06d', i), 'ou', ${seller.id}, '{}', 'Seed', '2026-11-01T00:00:00.000Z',
        '2026-11-01T00:00:00.000Z' from n`.execute(app.db);
    // A thread hundreds of comments long, a few levels deep, each by another student.
    let parentId = listing.id;
    for (let index = 0; index < THREAD_COMMENTERS; index++) {
      const commenter = await createUser(app.db);
      const row = await createPost(app.db, { user_id: commenter.id, parent_id: parentId, text_plain: 'Me too' });
      if (index % 3 === 0) parentId = row.id;
    }
    await sql`analyze`.execute(app.db);

    for (let index = 0; index < NEW_COMMENTS; index++) {
      const author = await createUser(app.db);
      const row = await createPost(app.db, { user_id: author.id, parent_id: listing.id, text_plain: 'Still there?' });
      await app.db.transaction().execute((trx) =>
        notifyComment(trx, {
          commentId: row.id,
          authorId: author.id,
          campusId: 'ou',
          parentId: listing.id,
          postId: listing.id,
          at: row.created_at,
        }),
      );
    }
    const hold = await longestHold(() => app.notificationJobs.start());
    const written = await app.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('type', '=', 'comment interaction')
      .executeTakeFirstOrThrow();
    expect(Number(written.count)).toBeGreaterThan(THREAD_COMMENTERS);
    expect(await app.db.selectFrom('notification_jobs').select('id').execute()).toEqual([]);
    expect(hold).toBeLessThan(scaled(SLOW_JOB_MS));
  });
});
