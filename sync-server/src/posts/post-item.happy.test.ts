import type { PostResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createPost, createSave, createUpload } from '../test/factories.ts';
import {
  bodyOf,
  createMember,
  doc,
  nextMillisecond,
  postPage,
  submitComment,
  submitPost,
} from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

async function totalPosts(app: TestApp, userId: string): Promise<number> {
  const row = await app.db.selectFrom('users').select('total_posts').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.total_posts;
}

describe('POST /api/posts', () => {
  it('creates a listing from a Lexical document, deriving the plain text itself, and counts it', async () => {
    const app = await createTestApp();
    const seller = await createMember(app, { first_name: 'Emily' });
    const text = doc('Desk lamp\nbarely used');
    const { post } = await bodyOf<PostResponse>(
      await submitPost(app, seller, { text, price: 15, category: 'furniture', text_plain: 'spoofed' }),
      201,
    );
    expect(post).toMatchObject({
      type: 'post',
      text,
      price: 15,
      category: 'furniture',
      campusId: 'ou',
      author: { id: seller.user.id, firstName: 'Emily' },
      media: [],
      commentCount: 0,
      saveCount: 0,
      isSold: false,
      parentId: null,
      editedAt: null,
      isSaved: false,
    });
    const row = await app.db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.text_plain).toBe('Desk lamp\nbarely used');
    expect(await totalPosts(app, seller.user.id)).toBe(1);
  });

  it('reads a price as students type it, with the composer’s own parser (issue 19)', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    for (const [typed, dollars] of [
      ['1,200', 1200],
      ['$45', 45],
      ['45.00', 45],
      [45, 45],
      ['', null],
    ] as const) {
      const { post } = await bodyOf<PostResponse>(
        await submitPost(app, seller, { text: doc('Lamp'), price: typed }),
        201,
      );
      expect(post.price).toBe(dollars);
    }
  });

  it('claims the caller’s uploads as media in the order given, the first being the cover', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const first = await createUpload(app.db, { user_id: seller.user.id });
    const second = await createUpload(app.db, { user_id: seller.user.id, kind: 'video', thumb_path: '' });
    const { post } = await bodyOf<PostResponse>(
      await submitPost(app, seller, { uploadIds: [second.id, first.id] }),
      201,
    );
    expect(post.media.map((media) => [media.id, media.kind])).toEqual([
      [second.id, 'video'],
      [first.id, 'image'],
    ]);
    // A video without a poster frame shows itself as its thumbnail.
    expect(post.media[0]?.thumbUrl).toBe(`/media/${second.path}`);
    const uploads = await app.db.selectFrom('uploads').select('post_id').execute();
    expect(uploads.map((upload) => upload.post_id)).toEqual([post.id, post.id]);
    const row = await app.db
      .selectFrom('posts')
      .select('img_count')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row.img_count).toBe(2);
  });

  it('answers the same post, once, when a create is retried with its clientId', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const clientId = '01890a5d-ac96-774b-bcce-b302099a8057';
    const first = await bodyOf<PostResponse>(await submitPost(app, seller, { clientId, text: doc('Bike') }), 201);
    const retry = await bodyOf<PostResponse>(await submitPost(app, seller, { clientId, text: doc('Bike') }), 200);
    expect(first.post.id).toBe(clientId);
    expect(retry.post).toEqual(first.post);
    expect(await app.db.selectFrom('posts').select('id').execute()).toHaveLength(1);
    expect(await totalPosts(app, seller.user.id)).toBe(1);
  });
});

describe('GET /api/posts/:id', () => {
  it('answers the post, its nested thread oldest first, and what the viewer may do', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const buyer = await createMember(app, { first_name: 'Diego' });
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { text: doc('Couch') }), 201);
    const first = await bodyOf<{ comment: { id: string } }>(
      await submitComment(app, buyer, post.id, { text: doc('Still there?') }),
      201,
    );
    await nextMillisecond();
    await submitComment(app, seller, post.id, { text: doc('Yes!'), parentId: first.comment.id });
    await nextMillisecond();
    await submitComment(app, buyer, post.id, { text: doc('Great') });
    await createSave(app.db, { post_id: post.id, user_id: buyer.user.id });

    const page = await postPage(app, post.id, buyer);
    expect(page).toMatchObject({ isOwner: false, isSaved: true, post: { id: post.id, commentCount: 3, saveCount: 1 } });
    expect(page.thread.map((comment) => [comment.author.firstName, comment.replies.length])).toEqual([
      ['Diego', 1],
      ['Diego', 0],
    ]);
    expect(page.thread[0]?.replies[0]).toMatchObject({ parentId: first.comment.id, text: doc('Yes!') });
    expect(await postPage(app, post.id, seller)).toMatchObject({ isOwner: true, isSaved: false });
    expect(await postPage(app, post.id)).toMatchObject({ isOwner: false, isSaved: false });
    expect((await postPage(app, post.id)).post).not.toHaveProperty('isSaved');
  });

  it('shows a comment as its own page with its replies', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const comment = await createPost(app.db, { user_id: seller.user.id, parent_id: listing.id });
    const reply = await createPost(app.db, { user_id: seller.user.id, parent_id: comment.id });
    const page = await postPage(app, comment.id);
    expect(page.post.parentId).toBe(listing.id);
    expect(page.thread.map((item) => item.id)).toEqual([reply.id]);
  });
});
