import type { SavedPageDto, SaversPageDto, SaveStateDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createPost, createSave } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, listIds, postPage } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

function save(app: TestApp, actor: { session: string }, postId: string, method: 'PUT' | 'DELETE') {
  return app.request(`/api/posts/${postId}/save`, { method, session: actor.session });
}

describe('PUT and DELETE /api/posts/:id/save', () => {
  it('toggles the save, keeping saveCount in step however often it is pressed', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    expect(await bodyOf<SaveStateDto>(await save(app, buyer, listing.id, 'PUT'), 200)).toEqual({
      isSaved: true,
      saveCount: 1,
    });
    expect(await bodyOf<SaveStateDto>(await save(app, buyer, listing.id, 'PUT'), 200)).toEqual({
      isSaved: true,
      saveCount: 1,
    });
    expect(await bodyOf<SaveStateDto>(await save(app, seller, listing.id, 'PUT'), 200)).toEqual({
      isSaved: true,
      saveCount: 2,
    });
    expect((await postPage(app, listing.id, buyer)).isSaved).toBe(true);
    expect(await bodyOf<SaveStateDto>(await save(app, buyer, listing.id, 'DELETE'), 200)).toEqual({
      isSaved: false,
      saveCount: 1,
    });
    expect(await bodyOf<SaveStateDto>(await save(app, buyer, listing.id, 'DELETE'), 200)).toEqual({
      isSaved: false,
      saveCount: 1,
    });
    expect((await postPage(app, listing.id, buyer)).isSaved).toBe(false);
  });
});

describe('GET /api/saved', () => {
  it('lists the viewer’s saved posts newest saved first, 10 a page, then a null cursor', async () => {
    const app = await createTestApp();
    const [viewer, seller] = await createMembers(app, 2);
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      const post = await createPost(app.db, { user_id: seller.user.id });
      const savedAt = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
      await createSave(app.db, { post_id: post.id, user_id: viewer.user.id, created_at: savedAt });
      ids.unshift(post.id);
    }
    await createSave(app.db, {
      post_id: (await createPost(app.db, { user_id: seller.user.id })).id,
      user_id: seller.user.id,
    });

    const first = await bodyOf<SavedPageDto>(await app.request('/api/saved', { session: viewer.session }), 200);
    expect(first.posts.map((post) => post.id)).toEqual(ids.slice(0, 10));
    expect(first.posts.every((post) => post.isSaved)).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await listIds(app, `/api/saved?cursor=${first.nextCursor}`, viewer);
    expect(rest).toEqual(ids.slice(10));
  });

  it('is empty for a student who saved nothing', async () => {
    const app = await createTestApp();
    const viewer = await createMember(app);
    expect(await bodyOf<SavedPageDto>(await app.request('/api/saved', { session: viewer.session }), 200)).toEqual({
      posts: [],
      nextCursor: null,
    });
  });
});

describe('GET /api/posts/:id/likes', () => {
  it('lists who saved the post, newest first, with what the Message button needs', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const first = await createMember(app, { first_name: 'Ana', username: 'ana' });
    const second = await createMember(app, { first_name: 'Ben', username: 'ben' });
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await createSave(app.db, { post_id: listing.id, user_id: first.user.id, created_at: '2026-01-01T00:00:00.000Z' });
    await createSave(app.db, { post_id: listing.id, user_id: second.user.id, created_at: '2026-01-02T00:00:00.000Z' });
    const page = await bodyOf<SaversPageDto>(await app.request(`/api/posts/${listing.id}/likes`), 200);
    expect(page.users).toEqual([
      expect.objectContaining({ id: second.user.id, username: 'ben', firstName: 'Ben', img: second.user.img }),
      expect.objectContaining({ id: first.user.id, username: 'ana', firstName: 'Ana' }),
    ]);
    expect(page.nextCursor).toBeNull();
  });
});
