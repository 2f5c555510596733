import type { FeedPageDto } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { describe, expect, it } from 'vitest';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function feedIds(app: TestApp, session?: string): Promise<string[]> {
  const response = await app.request('/api/posts/feed', session ? { session } : {});
  expect(response.status).toBe(200);
  return ((await response.json()) as FeedPageDto).posts.map((post) => post.id);
}

describe('the visitors’ feed cache', () => {
  it('answers a repeated visitor page without touching the database', async () => {
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

  it('never serves signed-in viewers from it (their pages carry saves and blocks)', async () => {
    const app = await createTestApp();
    const author = await createUser(app.db);
    const viewer = await createUser(app.db);
    await feedIds(app); // caches the empty visitor page
    await createPost(app.db, { user_id: author.id }); // written behind the API's back
    expect(await feedIds(app, await app.signInAs(viewer.id))).toHaveLength(1);
  });
});
