import { describe, expect, it } from 'vitest';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { createReader, mediaPage, seedPhotoPosts } from './media.test-helpers.ts';

describe('GET /api/posts/media', () => {
  it('lists only top-level posts with photos, newest activity first, media in position order', async () => {
    const app = await createTestApp();
    const [older, newer] = await seedPhotoPosts(app, 2, { photos: 2 });
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id }); // text only: not a photo post
    if (!newer || !older) throw new Error('seed failed');
    await createPost(app.db, { user_id: author.id, parent_id: newer, img_count: 1 }); // a comment with a photo

    const page = await mediaPage(app, '', 'ou.localhost', await createReader(app));
    expect(page.posts.map((post) => post.id)).toEqual([newer, older]);
    expect(page.posts[0]?.media.map((media) => media.url)).toEqual([
      `/media/${newer}/0.webp`,
      `/media/${newer}/1.webp`,
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('pages by 15 with a cursor, without gaps or repeats, ending with a null cursor', async () => {
    const app = await createTestApp();
    const ids = (await seedPhotoPosts(app, 32)).reverse();
    const reader = await createReader(app);
    const first = await mediaPage(app, '', 'ou.localhost', reader);
    const second = await mediaPage(app, `?cursor=${first.nextCursor}`, 'ou.localhost', reader);
    const third = await mediaPage(app, `?cursor=${second.nextCursor}`, 'ou.localhost', reader);
    expect(first.posts).toHaveLength(15);
    expect(second.posts).toHaveLength(15);
    expect([...first.posts, ...second.posts, ...third.posts].map((post) => post.id)).toEqual(ids);
    expect(third.nextCursor).toBeNull();
  });

  it('answers an empty page for a campus without photo posts', async () => {
    const app = await createTestApp();
    expect(await mediaPage(app, '', 'ou.localhost', await createReader(app))).toEqual({ posts: [], nextCursor: null });
  });

  it('shows the public generic site to a signed-out visitor (docs/decisions/012)', async () => {
    const app = await createTestApp();
    const ids = await seedPhotoPosts(app, 2, { campusId: 'campus' });
    const page = await mediaPage(app, '', 'campus.localhost');
    expect(page.posts.map((post) => post.id)).toEqual([...ids].reverse());
  });

  it('costs the same number of queries for 1 photo post or 15 (no N+1)', async () => {
    // The public generic site, read by a visitor: no session lookup in the count.
    const app = await createTestApp();
    await seedPhotoPosts(app, 1, { photos: 3, campusId: 'campus' });
    app.queries.length = 0;
    expect((await mediaPage(app, '', 'campus.localhost')).posts).toHaveLength(1);
    const one = app.queries.length;

    const other = await createTestApp();
    await seedPhotoPosts(other, 15, { photos: 3, campusId: 'campus' });
    other.queries.length = 0;
    expect((await mediaPage(other, '', 'campus.localhost')).posts).toHaveLength(15);
    expect(other.queries.length).toBe(one);
    expect(one).toBe(2);
  });
});
