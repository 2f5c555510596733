import type { FeedPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createBlock, createMedia, createPost, createSave } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, feedIds } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('the feed and blocks', () => {
  it('hides posts both ways between a blocker and the blocked, and only between them', async () => {
    const app = await createTestApp();
    const [alice, bob, carol] = await createMembers(app, 3);
    const byAlice = await createPost(app.db, { user_id: alice.user.id, last_modified: '2026-01-01T00:01:00.000Z' });
    const byBob = await createPost(app.db, { user_id: bob.user.id, last_modified: '2026-01-01T00:02:00.000Z' });
    const byCarol = await createPost(app.db, { user_id: carol.user.id, last_modified: '2026-01-01T00:03:00.000Z' });
    await createBlock(app.db, alice.user.id, bob.user.id);

    expect(await feedIds(app, alice)).toEqual([byCarol.id, byAlice.id]);
    expect(await feedIds(app, bob)).toEqual([byCarol.id, byBob.id]);
    expect(await feedIds(app, carol)).toEqual([byCarol.id, byBob.id, byAlice.id]);
    expect(await feedIds(app)).toEqual([byCarol.id, byBob.id, byAlice.id]);
  });

  it('tells a signed-in viewer which posts they saved, and a visitor nothing', async () => {
    const app = await createTestApp();
    const viewer = await createMember(app);
    const saved = await createPost(app.db, { user_id: viewer.user.id });
    await createSave(app.db, { post_id: saved.id, user_id: viewer.user.id });
    const mine = await bodyOf<FeedPageDto>(await app.request('/api/posts/feed', { session: viewer.session }), 200);
    expect(mine.posts[0]).toMatchObject({ id: saved.id, isSaved: true, saveCount: 1 });
    const visitor = await bodyOf<FeedPageDto>(await app.request('/api/posts/feed'), 200);
    expect(visitor.posts[0]).not.toHaveProperty('isSaved');
  });

  it('stays at 2 queries per page for a signed-in viewer with blocks, for 1 post or 25', async () => {
    const app = await createTestApp();
    const [viewer, other] = await createMembers(app, 2);
    await createBlock(app.db, viewer.user.id, other.user.id);
    for (let index = 0; index < 30; index++) {
      const post = await createPost(app.db, { user_id: index % 5 === 0 ? other.user.id : viewer.user.id });
      await createMedia(app.db, { post_id: post.id });
    }
    async function feedQueries(limit: number) {
      app.queries.length = 0;
      const page = await bodyOf<FeedPageDto>(
        await app.request(`/api/posts/feed?limit=${limit}`, { session: viewer.session }),
        200,
      );
      expect(page.posts).toHaveLength(limit);
      // The session lookup is the auth middleware's; the feed's own queries read posts and media.
      const feedOwn = app.queries.filter((query) => /from "(posts|post_media)"/.test(query.sql)).length;
      return { feedOwn, total: app.queries.length };
    }
    const small = await feedQueries(1);
    const large = await feedQueries(24);
    expect(small.feedOwn).toBe(2);
    expect(large).toEqual(small);
  });
});
