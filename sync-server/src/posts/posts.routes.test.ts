import type { FeedPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createMedia, createPost, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function feed(app: TestApp, query = '', host = 'ou.localhost'): Promise<FeedPageDto> {
  const response = await app.request(`/api/posts/feed${query}`, { host });
  expect(response.status).toBe(200);
  return (await response.json()) as FeedPageDto;
}

/** Posts whose activity times are one minute apart, newest last in the returned list. */
async function seedPosts(app: TestApp, count: number, campusId = 'ou') {
  const author = await createUser(app.db, { campus_id: campusId });
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
    const post = await createPost(app.db, {
      user_id: author.id,
      campus_id: campusId,
      last_modified: at,
      created_at: at,
    });
    ids.push(post.id);
  }
  return ids;
}

describe('GET /api/posts/feed', () => {
  it('lists top-level posts by newest activity, with author and media in position order', async () => {
    const app = await createTestApp();
    const [older, newer] = await seedPosts(app, 2);
    const author = await createUser(app.db, { first_name: 'Emily', last_name: 'C.' });
    const listing = await createPost(app.db, { user_id: author.id, price: 40, category: 'furniture' });
    await createMedia(app.db, { post_id: listing.id, position: 1, path: 'b.webp' });
    await createMedia(app.db, { post_id: listing.id, position: 0, path: 'a.webp' });
    await createPost(app.db, { user_id: author.id, parent_id: listing.id }); // a comment: not in the feed

    const page = await feed(app);
    expect(page.posts.map((post) => post.id)).toEqual([listing.id, newer, older]);
    expect(page.posts[0]).toMatchObject({
      price: 40,
      category: 'furniture',
      author: { firstName: 'Emily', lastName: 'C.' },
    });
    expect(page.posts[0]?.media.map((media) => media.url)).toEqual(['/media/a.webp', '/media/b.webp']);
    expect(page.nextCursor).toBeNull();
  });

  it('pages with a cursor without gaps or repeats, ending with a null cursor', async () => {
    const app = await createTestApp();
    const ids = (await seedPosts(app, 7)).reverse();
    const first = await feed(app, '?limit=3');
    const second = await feed(app, `?limit=3&cursor=${first.nextCursor}`);
    const third = await feed(app, `?limit=3&cursor=${second.nextCursor}`);
    expect([...first.posts, ...second.posts, ...third.posts].map((post) => post.id)).toEqual(ids);
    expect(third.posts).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
  });

  it('never shows another campus its posts', async () => {
    const app = await createTestApp();
    const utPosts = await seedPosts(app, 2, 'ut');
    const ouPosts = await seedPosts(app, 1, 'ou');
    expect((await feed(app)).posts.map((post) => post.id)).toEqual(ouPosts);
    expect((await feed(app, '', 'utexas.localhost')).posts.map((post) => post.id).sort()).toEqual(utPosts.sort());
    expect((await feed(app, '', 'campus.localhost')).posts).toEqual([]);
  });

  it('costs the same number of queries for a page of 1 or of 25 (no N+1)', async () => {
    const app = await createTestApp();
    const ids = await seedPosts(app, 25);
    for (const id of ids) await createMedia(app.db, { post_id: id });
    app.queries.length = 0;
    await feed(app, '?limit=1');
    const small = app.queries.length;
    app.queries.length = 0;
    await feed(app, '?limit=25');
    expect(app.queries.length).toBe(small);
    expect(small).toBeLessThanOrEqual(2);
  });
});
