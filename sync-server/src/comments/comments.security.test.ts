import type { CommentResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createBlock, createPost } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, doc, submitComment } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

const MISSING = "Hmm...this page doesn't exist. Try searching for something else.";

describe('who may comment', () => {
  it('signed out 401; not school-verified, or a student of another campus, 403', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const signedOut = await app.request(`/api/posts/${listing.id}/comments`, { json: { text: doc('Hi') } });
    expect(signedOut.status).toBe(401);
    const unverified = await createMember(app, { school_verified: 0 });
    await expectError(
      await submitComment(app, unverified, listing.id, { text: doc('Hi') }),
      403,
      'Verify your account to comment.',
    );
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const onOu = { session: utStudent.session, host: 'ou.localhost' };
    await expectError(
      await submitComment(app, onOu, listing.id, { text: doc('Hi') }),
      403,
      'Verify your account to comment.',
    );
    // On their own campus the OU post does not exist.
    await expectError(await submitComment(app, utStudent, listing.id, { text: doc('Hi') }), 404, MISSING);
    expect(await app.db.selectFrom('posts').select('id').execute()).toHaveLength(1);
  });

  it('the comment is always the session user’s, whatever the body says', async () => {
    const app = await createTestApp();
    const [seller, commenter] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const { comment } = await bodyOf<CommentResponse>(
      await submitComment(app, commenter, listing.id, {
        text: doc('Hi'),
        user_id: seller.user.id,
        userId: seller.user.id,
      }),
      201,
    );
    expect(comment.author.id).toBe(commenter.user.id);
  });
});

describe('blocked users cannot reach each other through comments', () => {
  it('neither can comment on the other’s post nor reply to the other’s comment', async () => {
    const app = await createTestApp();
    const [alice, bob, carol] = await createMembers(app, 3);
    const alicePost = await createPost(app.db, { user_id: alice.user.id });
    const carolPost = await createPost(app.db, { user_id: carol.user.id });
    const bobComment = await createPost(app.db, { user_id: bob.user.id, parent_id: carolPost.id });
    const aliceComment = await createPost(app.db, { user_id: alice.user.id, parent_id: carolPost.id });
    const replyToBob = await createPost(app.db, { user_id: carol.user.id, parent_id: bobComment.id });
    await createBlock(app.db, alice.user.id, bob.user.id);

    await expectError(await submitComment(app, bob, alicePost.id, { text: doc('Hi') }), 404, MISSING);
    const replies = [
      [alice, bobComment.id],
      [alice, replyToBob.id],
      [bob, aliceComment.id],
    ] as const;
    for (const [actor, parentId] of replies) {
      await expectError(await submitComment(app, actor, carolPost.id, { text: doc('Hi'), parentId }), 404, MISSING);
    }
    expect((await submitComment(app, carol, carolPost.id, { text: doc('Hi'), parentId: bobComment.id })).status).toBe(
      201,
    );
  });
});
