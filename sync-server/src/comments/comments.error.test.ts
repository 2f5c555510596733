import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createPost } from '../test/factories.ts';
import { createMember, doc, submitComment } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

const MISSING = "Hmm...this page doesn't exist. Try searching for something else.";
const GONE = 'Sorry, that post has been deleted.';

describe('POST /api/posts/:id/comments refuses', () => {
  it('an empty or too long comment, with the spec’s message for the length', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const listing = await createPost(app.db, { user_id: member.user.id });
    await expectError(await submitComment(app, member, listing.id, {}), 422, 'Write a comment first.', 'text');
    await expectError(await submitComment(app, member, listing.id, { text: doc(' ') }), 422, 'Write a comment first.');
    await expectError(
      await submitComment(app, member, listing.id, { text: doc('a'.repeat(501)) }),
      422,
      'Error: Too many characters!',
    );
    await expectError(
      await submitComment(app, member, listing.id, { text: { root: { type: 'root', children: 'x' } } }),
      422,
      'Something went wrong.',
    );
  });

  it('a missing post (404), a deleted one (410), and a comment id in place of the post (404)', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    await expectError(await submitComment(app, member, 'nope', { text: doc('Hi') }), 404, MISSING);
    const listing = await createPost(app.db, { user_id: member.user.id });
    const comment = await createPost(app.db, { user_id: member.user.id, parent_id: listing.id });
    await expectError(await submitComment(app, member, comment.id, { text: doc('Hi') }), 404, MISSING);
    await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: member.session });
    await expectError(await submitComment(app, member, listing.id, { text: doc('Hi') }), 410, GONE);
  });

  it('a parentId that is not a comment of this post', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const listing = await createPost(app.db, { user_id: member.user.id });
    const otherListing = await createPost(app.db, { user_id: member.user.id });
    const elsewhere = await createPost(app.db, { user_id: member.user.id, parent_id: otherListing.id });
    for (const parentId of [elsewhere.id, otherListing.id, 'no-such-comment']) {
      const response = await submitComment(app, member, listing.id, { text: doc('Hi'), parentId });
      await expectError(response, 422, 'Something went wrong.', 'parentId');
    }
    const doomed = await createPost(app.db, { user_id: member.user.id, parent_id: listing.id });
    await app.request(`/api/posts/${doomed.id}`, { method: 'DELETE', session: member.session });
    await expectError(
      await submitComment(app, member, listing.id, { text: doc('Hi'), parentId: doomed.id }),
      410,
      GONE,
    );
    const count = await app.db
      .selectFrom('posts')
      .select('comment_count')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(count.comment_count).toBe(0);
  });
});
