import type { CommentResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, doc, feedIds, submitComment } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const LONG_AGO = '2026-01-01T00:00:00.000Z';

async function rowOf(app: TestApp, id: string) {
  return app.db
    .selectFrom('posts')
    .select(['last_modified', 'comment_count', 'parent_id', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('POST /api/posts/:id/comments', () => {
  it('answers the comment as the thread shows it, without counting it in totalPosts', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const buyer = await createMember(app, { first_name: 'Diego', profile_set_up: 0 });
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const { comment } = await bodyOf<CommentResponse>(
      await submitComment(app, buyer, listing.id, { text: doc('Is it available?') }),
      201,
    );
    expect(comment).toMatchObject({
      parentId: listing.id,
      text: doc('Is it available?'),
      author: { id: buyer.user.id, firstName: 'Diego' },
      commentCount: 0,
      saveCount: 0,
      editedAt: null,
      replies: [],
    });
    const author = await app.db
      .selectFrom('users')
      .select('total_posts')
      .where('id', '=', buyer.user.id)
      .executeTakeFirstOrThrow();
    expect(author.total_posts).toBe(0);
  });

  it('a reply refreshes lastModified of the whole parent chain and counts in every ancestor', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const old = { created_at: LONG_AGO, last_modified: LONG_AGO };
    const listing = await createPost(app.db, { user_id: seller.user.id, ...old, comment_count: 2 });
    const comment = await createPost(app.db, {
      user_id: buyer.user.id,
      parent_id: listing.id,
      ...old,
      comment_count: 1,
    });
    const reply = await createPost(app.db, { user_id: seller.user.id, parent_id: comment.id, ...old });
    const sibling = await createPost(app.db, { user_id: seller.user.id, parent_id: listing.id, ...old });

    const { comment: answer } = await bodyOf<CommentResponse>(
      await submitComment(app, buyer, listing.id, { text: doc('Deal'), parentId: reply.id }),
      201,
    );
    expect(answer.parentId).toBe(reply.id);
    for (const [id, count] of [
      [listing.id, 3],
      [comment.id, 2],
      [reply.id, 1],
    ] as const) {
      expect(await rowOf(app, id)).toMatchObject({ last_modified: answer.createdAt, comment_count: count });
    }
    expect(await rowOf(app, sibling.id)).toMatchObject({ last_modified: LONG_AGO, comment_count: 0 });
  });

  it('moves the post up the feed', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const older = await createPost(app.db, { user_id: seller.user.id, created_at: LONG_AGO, last_modified: LONG_AGO });
    const newer = await createPost(app.db, { user_id: seller.user.id });
    expect(await feedIds(app)).toEqual([newer.id, older.id]);
    const comment = await createPost(app.db, {
      user_id: seller.user.id,
      parent_id: older.id,
      created_at: LONG_AGO,
      last_modified: LONG_AGO,
    });
    await submitComment(app, seller, older.id, { text: doc('Price drop!'), parentId: comment.id });
    expect(await feedIds(app)).toEqual([older.id, newer.id]);
  });

  it('answers the first comment again, once, when retried with its clientId', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const clientId = '01890a5d-ac96-774b-bcce-b302099a8058';
    const first = await bodyOf<CommentResponse>(
      await submitComment(app, seller, listing.id, { clientId, text: doc('Hi') }),
      201,
    );
    const retry = await bodyOf<CommentResponse>(
      await submitComment(app, seller, listing.id, { clientId, text: doc('Hi') }),
      200,
    );
    expect(retry.comment).toEqual(first.comment);
    expect(first.comment.id).toBe(clientId);
    expect((await rowOf(app, listing.id)).comment_count).toBe(1);
  });
});
