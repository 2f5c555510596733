import type { FeedPageDto } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { describe, expect, it } from 'vitest';
import { createBlock, createPost, createSave, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { toPostDtos } from './posts.mapper.ts';
import { findFeedPage } from './posts.repository.ts';

async function feedPage(app: TestApp, session?: string): Promise<FeedPageDto> {
  const response = await app.request('/api/posts/feed', session ? { session } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as FeedPageDto;
}

async function feedIds(app: TestApp, session?: string): Promise<string[]> {
  return (await feedPage(app, session)).posts.map((post) => post.id);
}

describe('the shared feed pages', () => {
  it('answers a repeated visitor page from memory: no query, one counter read', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id });
    const first = await feedIds(app);
    app.queries.length = 0;
    expect(await feedIds(app)).toEqual(first);
    expect(app.queries).toHaveLength(0);
  });

  it('is cleared by any successful write, so a new post shows at once', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db, { profile_set_up: 1, img: '/media/a.webp', bio: 'Seller' });
    const session = await app.signInAs(author.id);
    expect(await feedIds(app)).toEqual([]);
    const created = await app.request('/api/posts', { session, json: { text: plainTextToRichText('Lamp, $10') } });
    expect(created.status).toBe(201);
    expect(await feedIds(app)).toHaveLength(1);
  });

  it('serves signed-in viewers the shared page with their own saves put in: no page query, same posts as built for them', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    const amy = await createUser(app.db);
    const ben = await createUser(app.db);
    const posts = [];
    // Text of more bytes than characters: the saved flags go in at byte offsets.
    for (let index = 0; index < 6; index++) {
      posts.push(await createPost(app.db, { user_id: author.id, text_plain: `Café ☕ crème brûlée 🎓 ${index}` }));
    }
    await createSave(app.db, { post_id: posts[1]?.id ?? '', user_id: amy.id });
    await createSave(app.db, { post_id: posts[4]?.id ?? '', user_id: amy.id });
    await createSave(app.db, { post_id: posts[2]?.id ?? '', user_id: ben.id });
    await feedIds(app); // the visitors' page is cached; the signed-in pages reuse it
    const amySession = await app.signInAs(amy.id);
    const benSession = await app.signInAs(ben.id);
    app.queries.length = 0;
    const amyPage = await feedPage(app, amySession);
    // Her session and her own part (her saves among the page's posts, whether she has a block) are
    // prepared statements (session.ts, feed-page.ts): the page itself is not queried again.
    expect(app.queries).toEqual([]);
    // What the page built for her alone says (the query the feed ran before it was shared).
    for (const [viewer, page] of [
      [amy, amyPage],
      [ben, await feedPage(app, benSession)],
    ] as const) {
      const built = await findFeedPage(app.db, 'ou', 25, null, viewer.id);
      expect(page).toEqual({ posts: toPostDtos(built.posts, built.media), nextCursor: null });
    }
    expect(
      amyPage.posts
        .filter((post) => post.isSaved)
        .map((post) => post.id)
        .sort(),
    ).toEqual([posts[1]?.id, posts[4]?.id].sort());
  });

  it('drops a kept page when posts, photos or users change behind the API (a job, a seed, a direct write)', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    const viewer = await createUser(app.db);
    const session = await app.signInAs(viewer.id);
    await createPost(app.db, { user_id: author.id });
    expect(await feedIds(app)).toHaveLength(1);
    expect(await feedIds(app, session)).toHaveLength(1);
    await createPost(app.db, { user_id: author.id });
    expect(await feedIds(app)).toHaveLength(2);
    expect(await feedIds(app, session)).toHaveLength(2);
    await app.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', author.id).execute();
    expect((await feedPage(app, session)).posts.map((post) => post.author.firstName)).toEqual(['Renamed', 'Renamed']);
  });

  it('builds the page for a viewer with a block, hiding posts both ways, even with the shared page cached', async () => {
    const app = await createTestApp();
    const blocked = await createUser(app.db);
    const blocker = await createUser(app.db);
    const viewer = await createUser(app.db);
    const other = await createUser(app.db);
    await createPost(app.db, { user_id: blocked.id });
    await createPost(app.db, { user_id: blocker.id });
    const kept = await createPost(app.db, { user_id: other.id });
    await createBlock(app.db, viewer.id, blocked.id);
    await createBlock(app.db, blocker.id, viewer.id);
    expect(await feedIds(app)).toHaveLength(3);
    expect(await feedIds(app, await app.signInAs(viewer.id))).toEqual([kept.id]);
  });

  it('keeps the page of a viewer with a block for them alone, and drops it on a block or unblock however written', async () => {
    const app = await createTestApp();
    const viewer = await createUser(app.db, { profile_set_up: 1, img: '/media/a.webp', bio: 'Buyer' });
    const blocked = await createUser(app.db);
    const other = await createUser(app.db);
    const hidden = await createPost(app.db, { user_id: blocked.id });
    const kept = await createPost(app.db, { user_id: other.id });
    await createSave(app.db, { post_id: kept.id, user_id: viewer.id });
    await createBlock(app.db, viewer.id, blocked.id);
    const session = await app.signInAs(viewer.id);
    const first = await feedPage(app, session);
    expect(first.posts.map((post) => [post.id, post.isSaved])).toEqual([[kept.id, true]]);
    app.queries.length = 0;
    expect(await feedPage(app, session)).toEqual(first);
    expect(app.queries).toEqual([]); // kept: only her saves were read
    // Visitors and other students still get the shared page, with the post she hid.
    expect(await feedIds(app)).toEqual([kept.id, hidden.id].sort().reverse());
    expect(await feedIds(app, await app.signInAs(other.id))).toHaveLength(2);
    // A second block written behind the API (a job, a test) shows in her next read, then the unblocks.
    await createBlock(app.db, other.id, viewer.id);
    expect(await feedIds(app, session)).toEqual([]);
    await app.db.deleteFrom('blocks').execute();
    expect(await feedIds(app, session)).toHaveLength(2);
    // And a block through the API.
    const blocking = await app.request(`/api/users/${blocked.id}/block`, { session, method: 'PUT' });
    expect(blocking.status).toBeLessThan(300);
    expect(await feedIds(app, session)).toEqual([kept.id]);
  });

  it('shows a save in the next read of a viewer with a block too', async () => {
    const app = await createTestApp();
    const viewer = await createUser(app.db, { profile_set_up: 1, img: '/media/a.webp', bio: 'Buyer' });
    const blocked = await createUser(app.db);
    const author = await createUser(app.db);
    const post = await createPost(app.db, { user_id: author.id });
    await createBlock(app.db, viewer.id, blocked.id);
    const session = await app.signInAs(viewer.id);
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ id: post.id, isSaved: false });
    await createSave(app.db, { post_id: post.id, user_id: viewer.id });
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ id: post.id, isSaved: true });
  });

  it('shows a save through the API in the next read, count and isSaved both', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    const viewer = await createUser(app.db, { profile_set_up: 1, img: '/media/a.webp', bio: 'Buyer' });
    const post = await createPost(app.db, { user_id: author.id });
    const session = await app.signInAs(viewer.id);
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ isSaved: false, saveCount: 0 });
    const saved = await app.request(`/api/posts/${post.id}/save`, { session, method: 'PUT' });
    expect(saved.status).toBeLessThan(300);
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ isSaved: true, saveCount: 1 });
    expect((await feedPage(app)).posts[0]).not.toHaveProperty('isSaved');
  });

  it("shows a save or unsave written behind the API in a student's next read, though her own part is kept", async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    const viewer = await createUser(app.db);
    const post = await createPost(app.db, { user_id: author.id });
    const session = await app.signInAs(viewer.id);
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ id: post.id, isSaved: false });
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ id: post.id, isSaved: false });
    await createSave(app.db, { post_id: post.id, user_id: viewer.id });
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ id: post.id, isSaved: true });
    await app.db.deleteFrom('saves').execute();
    expect((await feedPage(app, session)).posts[0]).toMatchObject({ id: post.id, isSaved: false });
  });

  it('reads the saved state page by page for a student with more saves than are kept', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    const viewer = await createUser(app.db);
    const posts = [];
    for (let index = 0; index < 2_001; index++) posts.push(await createPost(app.db, { user_id: author.id }));
    for (const post of posts.slice(1)) await createSave(app.db, { post_id: post.id, user_id: viewer.id });
    const session = await app.signInAs(viewer.id);
    const page = await feedPage(app, session);
    expect(page.posts).toHaveLength(25);
    const notSaved = posts[0]?.id;
    for (const shown of page.posts) expect(shown.isSaved).toBe(shown.id !== notSaved);
    await createSave(app.db, { post_id: notSaved ?? '', user_id: viewer.id });
    const all: FeedPageDto['posts'] = [];
    let cursor: string | null = null;
    do {
      const path = `/api/posts/feed?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const next = (await (await app.request(path, { session })).json()) as FeedPageDto;
      all.push(...next.posts);
      cursor = next.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(2_001);
    expect(all.every((shown) => shown.isSaved)).toBe(true);
  });
});
