import { uuidv7 } from '@campus/shared/ids';
import type { PostResponse } from '@campus/shared/post-api';
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { comment } from '../notifications/notifications.test-helpers.ts';
import { bodyOf, createMembers, doc, submitPost } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const OTHER_THREADS = 400;
const COMMENTS_EACH = 12;

/**
 * A campus with a few hundred threads and their comments, analyzed: the statistics production
 * keeps (`PRAGMA optimize`), under which SQLite planned the recursive thread walk as a scan of
 * every post per level (issue 36).
 */
async function seededCampus(app: TestApp, userId: string): Promise<void> {
  const at = Date.parse('2026-11-01T00:00:00.000Z');
  await app.db.transaction().execute(async (trx) => {
    for (let thread = 0; thread < OTHER_THREADS; thread++) {
      const rootId = uuidv7(at + thread * 60_000);
      const stamp = new Date(at + thread * 60_000).toISOString();
      await sql`insert into posts (id, campus_id, user_id, text_json, text_plain, created_at, last_modified)
        values (${rootId}, 'ou', ${userId}, '{}', 'Post', ${stamp}, ${stamp})`.execute(trx);
      let parentId = rootId;
      for (let index = 0; index < COMMENTS_EACH; index++) {
        const id = uuidv7(at + thread * 60_000 + index + 1);
        await sql`insert into posts (id, campus_id, user_id, text_json, text_plain, parent_id, root_id, created_at, last_modified)
          values (${id}, 'ou', ${userId}, '{}', 'Comment', ${parentId}, ${rootId}, ${stamp}, ${stamp})`.execute(trx);
        // Every other comment answers the one before it: threads a few levels deep.
        if (index % 2 === 0) parentId = id;
      }
    }
  });
  await sql`analyze`.execute(app.db);
}

/** Each query's plan, by its SQL: what SQLite does for it on these statistics. */
async function plansOf(app: TestApp, queries: readonly CompiledQuery[]): Promise<Map<string, string>> {
  const plans = new Map<string, string>();
  for (const query of queries) {
    if (!/\bposts\b/.test(query.sql) || plans.has(query.sql)) continue;
    if (!/^\s*(with|select|insert|update|delete)/i.test(query.sql)) continue;
    const plan = await app.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    plans.set(query.sql, plan.rows.map((row) => row.detail).join(' | '));
  }
  return plans;
}

// issue 36: with statistics, the fan-out's recursive step was `SCAN posts` (157 ms a thread on 100,000
// posts, on the server's one thread, for every comment).
describe('thread queries on an analyzed campus (issue 36)', () => {
  it('never scan posts: a comment, a nested reply, its fan-out, the thread, a subtree and a post deleted', async () => {
    const app = await createTestApp();
    const [seller, buyer, other] = await createMembers(app, 3);
    await seededCampus(app, other.user.id);
    const postResponse = await submitPost(app, seller, { text: doc('Desk, barely used') });
    const postId = (await bodyOf<PostResponse>(postResponse, 201)).post.id;
    await sql`analyze`.execute(app.db);

    app.queries.length = 0;
    const first = await comment(app, buyer, postId, 'Is it available?');
    const reply = await comment(app, seller, postId, 'Yes', first);
    await comment(app, other, postId, 'Still?', reply);
    expect((await app.request(`/api/posts/${postId}`, { session: buyer.session })).status).toBe(200);
    expect((await app.request(`/api/posts/${first}`, { method: 'DELETE', session: buyer.session })).status).toBe(200);
    expect((await app.request(`/api/posts/${postId}`, { method: 'DELETE', session: seller.session })).status).toBe(200);

    const plans = await plansOf(app, app.queries);
    const fanOut = [...plans.keys()].find(
      (query) => /insert into "notifications"/.test(query) && /root_id/.test(query),
    );
    expect(fanOut, 'the fan-out ran').toBeDefined();
    const scans = [...plans].filter(([, plan]) => /\bSCAN posts\b/.test(plan));
    expect(scans.map(([query, plan]) => `${plan}\n  for ${query.slice(0, 160)}`)).toEqual([]);
  });
});
