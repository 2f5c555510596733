import type { ProfileListPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createMedia, createPost, createSave } from '../test/factories.ts';
import { bodyOf, createMember, listIds } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

function minute(value: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, value)).toISOString();
}

describe('GET /api/profiles/:username/{posts,photos,replies,likes}', () => {
  it('orders each tab as spec 2 §7 says and leaves out the "new user" post', async () => {
    const app = await createTestApp();
    const emily = await createMember(app, { username: 'emily' });
    const other = await createMember(app);
    const user_id = emily.user.id;
    await createPost(app.db, {
      user_id,
      type: 'new user',
      img_count: 1,
      created_at: minute(0),
      last_modified: minute(50),
    });
    // Created first but most recently active: first in Posts, last in Photos.
    const active = await createPost(app.db, {
      user_id,
      img_count: 1,
      created_at: minute(1),
      last_modified: minute(40),
    });
    const photo = await createPost(app.db, { user_id, img_count: 2, created_at: minute(3), last_modified: minute(3) });
    const text = await createPost(app.db, { user_id, created_at: minute(2), last_modified: minute(20) });
    await createMedia(app.db, { post_id: photo.id });
    const theirs = await createPost(app.db, {
      user_id: other.user.id,
      created_at: minute(5),
      last_modified: minute(5),
    });
    const oldReply = await createPost(app.db, {
      user_id,
      parent_id: theirs.id,
      created_at: minute(6),
      last_modified: minute(30),
    });
    const newReply = await createPost(app.db, {
      user_id,
      parent_id: theirs.id,
      created_at: minute(7),
      last_modified: minute(7),
    });
    await createSave(app.db, { post_id: theirs.id, user_id, created_at: minute(8) });
    await createSave(app.db, { post_id: text.id, user_id, created_at: minute(9) });

    expect(await listIds(app, '/api/profiles/emily/posts')).toEqual([active.id, text.id, photo.id]);
    expect(await listIds(app, '/api/profiles/emily/photos')).toEqual([photo.id, active.id]);
    expect(await listIds(app, '/api/profiles/emily/replies')).toEqual([oldReply.id, newReply.id]);
    expect(await listIds(app, '/api/profiles/Emily/likes')).toEqual([text.id, theirs.id]);
    const replies = await bodyOf<ProfileListPageDto>(await app.request('/api/profiles/emily/replies'), 200);
    expect(replies.posts[0]?.parentId).toBe(theirs.id);
    const photos = await bodyOf<ProfileListPageDto>(
      await app.request('/api/profiles/emily/photos', { session: emily.session }),
      200,
    );
    expect(photos.posts[0]).toMatchObject({ media: [expect.objectContaining({ kind: 'image' })], isSaved: false });
  });

  it('pages 10 at a time with a cursor, ending with a null cursor', async () => {
    const app = await createTestApp();
    const emily = await createMember(app, { username: 'emily' });
    const ids: string[] = [];
    for (let index = 0; index < 13; index++) {
      ids.unshift((await createPost(app.db, { user_id: emily.user.id, last_modified: minute(index) })).id);
    }
    const first = await bodyOf<ProfileListPageDto>(await app.request('/api/profiles/emily/posts'), 200);
    expect(first.posts.map((post) => post.id)).toEqual(ids.slice(0, 10));
    const second = await bodyOf<ProfileListPageDto>(
      await app.request(`/api/profiles/emily/posts?cursor=${first.nextCursor}`),
      200,
    );
    expect(second.posts.map((post) => post.id)).toEqual(ids.slice(10));
    expect(second.nextCursor).toBeNull();
  });
});
