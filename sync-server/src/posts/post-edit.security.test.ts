import type { PostResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createBlock, createPost } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, doc, submitPost } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const EDITS = [{ text: doc('Mine now') }, { price: 1 }, { category: 'tickets' }, { category: null }];

function storedRows(app: TestApp) {
  return app.db.selectFrom('posts').selectAll().orderBy('id').execute();
}

// spec 2 §6: the post owner is the only one who changes a post.
describe('only the owner edits a post', () => {
  it('another member of the campus gets 403 "Only the author can do that." for text, price and category', async () => {
    const app = await createTestApp();
    const [seller, other] = await createMembers(app, 2);
    const { post } = await bodyOf<PostResponse>(
      await submitPost(app, seller, { text: doc('Mini fridge'), price: 60, category: 'household' }),
      201,
    );
    const before = await storedRows(app);
    for (const json of EDITS) {
      const response = await app.request(`/api/posts/${post.id}`, { method: 'PATCH', session: other.session, json });
      await expectError(response, 403, 'Only the author can do that.');
    }
    expect(await storedRows(app)).toEqual(before);
  });

  it('a visitor gets 401 and a student who is not school-verified 403; nothing changes', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const listing = await createPost(app.db, { user_id: seller.user.id, price: 20 });
    const before = await storedRows(app);
    const signedOut = await app.request(`/api/posts/${listing.id}`, { method: 'PATCH', json: { price: 1 } });
    expect(signedOut.status).toBe(401);
    // The author themselves, after losing school verification, is no longer a member who may write.
    await app.db.updateTable('users').set({ school_verified: 0 }).where('id', '=', seller.user.id).execute();
    const unverified = await app.request(`/api/posts/${listing.id}`, {
      method: 'PATCH',
      session: seller.session,
      json: { price: 1 },
    });
    await expectError(unverified, 403, 'Verify your account to continue.');
    expect(await storedRows(app)).toEqual(before);
  });

  it('the post’s owner may not edit a comment someone else wrote under it', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const comment = await createPost(app.db, { user_id: buyer.user.id, parent_id: listing.id });
    const response = await app.request(`/api/posts/${comment.id}`, {
      method: 'PATCH',
      session: seller.session,
      json: { text: doc('Edited by the seller') },
    });
    await expectError(response, 403, 'Only the author can do that.');
  });

  it('a blocked owner’s post, or one of another campus, is still only the owner’s to edit', async () => {
    const app = await createTestApp();
    const [seller, blocker] = await createMembers(app, 2);
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await createBlock(app.db, blocker.user.id, seller.user.id);
    const blocked = await app.request(`/api/posts/${listing.id}`, {
      method: 'PATCH',
      session: blocker.session,
      json: { price: 5 },
    });
    expect(blocked.status).toBe(403);
    // A UT post asked for on OU's host is missing: the campus comes from the host, never from the body.
    const utPost = await createPost(app.db, { user_id: utStudent.user.id, campus_id: 'ut' });
    const crossCampus = await app.request(`/api/posts/${utPost.id}`, {
      method: 'PATCH',
      session: seller.session,
      json: { price: 5, campusId: 'ut', userId: utStudent.user.id },
    });
    await expectError(crossCampus, 404, "Hmm...this page doesn't exist. Try searching for something else.");
    expect(await storedRows(app)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: utPost.id, price: null, edited_at: null })]),
    );
  });
});
