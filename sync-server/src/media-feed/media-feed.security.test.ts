import { describe, expect, it } from 'vitest';
import { createBlock } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { mediaPage, seedPhotoPosts } from './media-feed.test-helpers.ts';

describe('GET /api/posts/media across campuses and blocks', () => {
  it('never shows one campus the photo posts of another, even to a signed-in student of it', async () => {
    const app = await createTestApp();
    const utPosts = await seedPhotoPosts(app, 3, { campusId: 'ut' });
    const ouPosts = await seedPhotoPosts(app, 2, { campusId: 'ou' });
    const utStudent = await createMember(app, { campus_id: 'ut' });

    expect((await mediaPage(app)).posts.map((post) => post.id)).toEqual([...ouPosts].reverse());
    expect((await mediaPage(app, '', 'ou.localhost', utStudent.session)).posts.map((post) => post.campusId)).toEqual([
      'ou',
      'ou',
    ]);
    expect((await mediaPage(app, '', 'utexas.localhost')).posts.map((post) => post.id)).toEqual([...utPosts].reverse());
    expect((await mediaPage(app, '', 'campus.localhost')).posts).toEqual([]);
  });

  it('does not let a cursor from another campus leak that campus its posts', async () => {
    const app = await createTestApp();
    await seedPhotoPosts(app, 16, { campusId: 'ut' });
    const utFirst = await mediaPage(app, '', 'utexas.localhost');
    const onOu = await mediaPage(app, `?cursor=${utFirst.nextCursor}`);
    expect(onOu.posts).toEqual([]);
  });

  it('hides photo posts both ways between a blocker and the blocked', async () => {
    const app = await createTestApp();
    const alice = await createMember(app);
    const bob = await createMember(app);
    const [byAlice] = await seedPhotoPosts(app, 1, { userId: alice.user.id });
    const [byBob] = await seedPhotoPosts(app, 1, { userId: bob.user.id });
    await createBlock(app.db, alice.user.id, bob.user.id);

    expect((await mediaPage(app, '', 'ou.localhost', alice.session)).posts.map((post) => post.id)).toEqual([byAlice]);
    expect((await mediaPage(app, '', 'ou.localhost', bob.session)).posts.map((post) => post.id)).toEqual([byBob]);
    expect((await mediaPage(app)).posts).toHaveLength(2);
  });
});
