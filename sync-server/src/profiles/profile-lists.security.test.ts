import { describe, expect, it } from 'vitest';
import { createPost, createSave } from '../test/factories.ts';
import { createMember, listIds } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('profile lists stay on their campus', () => {
  it('a UT student’s profile is missing on OU, and an OU profile lists only OU posts', async () => {
    const app = await createTestApp();
    await createMember(app, { username: 'diego', campus_id: 'ut' });
    for (const tab of ['posts', 'photos', 'replies', 'likes']) {
      expect((await app.request(`/api/profiles/diego/${tab}`)).status).toBe(404);
      expect((await app.request(`/api/profiles/diego/${tab}`, { host: 'utexas.localhost' })).status).toBe(200);
    }
    // A student who moved school keeps old posts on the old campus; they never show on the new one.
    const emily = await createMember(app, { username: 'emily' });
    const ouPost = await createPost(app.db, { user_id: emily.user.id });
    const utPost = await createPost(app.db, { user_id: emily.user.id, campus_id: 'ut', img_count: 1 });
    await createPost(app.db, { user_id: emily.user.id, campus_id: 'ut', parent_id: utPost.id });
    await createSave(app.db, { post_id: utPost.id, user_id: emily.user.id });
    expect(await listIds(app, '/api/profiles/emily/posts')).toEqual([ouPost.id]);
    for (const tab of ['photos', 'replies', 'likes'])
      expect(await listIds(app, `/api/profiles/emily/${tab}`)).toEqual([]);
  });
});
