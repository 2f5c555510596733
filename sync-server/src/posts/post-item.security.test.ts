import type { PostResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createBlock, createPost } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, doc, postPage, submitPost } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

const MISSING = "Hmm...this page doesn't exist. Try searching for something else.";

describe('no read or write across campuses', () => {
  it('a UT student’s session on ou.localhost cannot post, edit or delete there', async () => {
    const app = await createTestApp();
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const onOu = { session: utStudent.session, host: 'ou.localhost' };
    await expectError(
      await submitPost(app, onOu, { text: doc('Hi OU') }),
      403,
      'Verify your account to create a post.',
    );
    const ouPost = await createPost(app.db, { user_id: (await createMember(app)).user.id });
    for (const method of ['PATCH', 'DELETE']) {
      const response = await app.request(`/api/posts/${ouPost.id}`, {
        method,
        session: utStudent.session,
        json: { price: 1 },
      });
      expect(response.status).toBe(403);
    }
    expect(await app.db.selectFrom('posts').select('id').execute()).toHaveLength(1);
  });

  it('a post of UT is missing on OU, even to its author', async () => {
    const app = await createTestApp();
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const { post } = await bodyOf<PostResponse>(await submitPost(app, utStudent, { text: doc('Longhorns') }), 201);
    expect(post.campusId).toBe('ut');
    await expectError(await app.request(`/api/posts/${post.id}`), 404, MISSING);
    expect((await app.request(`/api/posts/${post.id}`, { host: 'utexas.localhost' })).status).toBe(200);
  });

  it('ids in the body never choose the author or the campus', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const victim = await createMember(app, { campus_id: 'ut' });
    const { post } = await bodyOf<PostResponse>(
      await submitPost(app, seller, {
        text: doc('Mine'),
        user_id: victim.user.id,
        userId: victim.user.id,
        campusId: 'ut',
      }),
      201,
    );
    expect(post).toMatchObject({ author: { id: seller.user.id }, campusId: 'ou' });
  });
});

describe('only owners edit, mark sold or delete', () => {
  it('another student gets "Only the author can do that." and nothing changes', async () => {
    const app = await createTestApp();
    const [seller, intruder] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id, price: 50 });
    const comment = await createPost(app.db, { user_id: intruder.user.id, parent_id: listing.id });
    const before = await app.db.selectFrom('posts').selectAll().orderBy('id').execute();
    for (const json of [{ isSold: true }, { price: 1 }, { text: doc('pwned') }]) {
      const response = await app.request(`/api/posts/${listing.id}`, {
        method: 'PATCH',
        session: intruder.session,
        json,
      });
      await expectError(response, 403, 'Only the author can do that.');
    }
    const deletion = await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: intruder.session });
    await expectError(deletion, 403, 'Only the author can do that.');
    // The post's owner may not remove someone else's comment either (spec 2 §6).
    const commentDeletion = await app.request(`/api/posts/${comment.id}`, {
      method: 'DELETE',
      session: seller.session,
    });
    await expectError(commentDeletion, 403, 'Only the author can do that.');
    expect(await app.db.selectFrom('posts').selectAll().orderBy('id').execute()).toEqual(before);
    const signedOut = await app.request(`/api/posts/${listing.id}`, { method: 'DELETE' });
    expect(signedOut.status).toBe(401);
  });
});

describe('blocks on the post page', () => {
  it('a blocked author’s post is missing to the blocker, and the blocker’s to them', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const alicePost = await createPost(app.db, { user_id: alice.user.id });
    const bobPost = await createPost(app.db, { user_id: bob.user.id });
    await createBlock(app.db, alice.user.id, bob.user.id);
    await expectError(await app.request(`/api/posts/${bobPost.id}`, { session: alice.session }), 404, MISSING);
    await expectError(await app.request(`/api/posts/${alicePost.id}`, { session: bob.session }), 404, MISSING);
    expect((await app.request(`/api/posts/${bobPost.id}`)).status).toBe(200);
  });

  it('hides comments both ways, with the replies under them', async () => {
    const app = await createTestApp();
    const [seller, blocker, blocked] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const comment = (user_id: string, parent_id: string, minute: number) =>
      createPost(app.db, { user_id, parent_id, created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString() });
    const byBlocked = await comment(blocked.user.id, listing.id, 1);
    await comment(seller.user.id, byBlocked.id, 2);
    const byBlocker = await comment(blocker.user.id, listing.id, 3);
    const bySeller = await comment(seller.user.id, listing.id, 4);
    await createBlock(app.db, blocker.user.id, blocked.user.id);

    const ids = async (session?: string) =>
      (await postPage(app, listing.id, { session })).thread.map((item) => item.id);
    expect(await ids(blocker.session)).toEqual([byBlocker.id, bySeller.id]);
    expect(await ids(blocked.session)).toEqual([byBlocked.id, bySeller.id]);
    expect(await ids(seller.session)).toEqual([byBlocked.id, byBlocker.id, bySeller.id]);
  });
});

describe('query count', () => {
  it('GET /api/posts/:id costs the same with 3 comments as with 30 (no N+1)', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    async function threadOf(count: number) {
      const listing = await createPost(app.db, { user_id: seller.user.id });
      let parentId = listing.id;
      for (let index = 0; index < count; index++) {
        // Every third comment starts a new branch; the others reply, so the thread is both wide and deep.
        const comment = await createPost(app.db, { user_id: seller.user.id, parent_id: parentId });
        parentId = index % 3 === 2 ? listing.id : comment.id;
      }
      return listing.id;
    }
    const small = await threadOf(3);
    const large = await threadOf(30);
    app.queries.length = 0;
    await postPage(app, small, seller);
    const smallCount = app.queries.length;
    app.queries.length = 0;
    const page = await postPage(app, large, seller);
    expect(app.queries.length).toBe(smallCount);
    expect(page.post.id).toBe(large);
    expect(smallCount).toBeLessThanOrEqual(4);
  });
});
