import { access } from 'node:fs/promises';
import path from 'node:path';
import type { MessageDto, PostResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createPost, createSave, createUpload } from '../test/factories.ts';
import {
  bodyOf,
  createMember,
  createMembers,
  doc,
  nextMillisecond,
  postPage,
  submitComment,
  submitPost,
  writeUploadFiles,
} from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

function patch(app: TestApp, actor: { session: string }, id: string, json: Record<string, unknown>) {
  return app.request(`/api/posts/${id}`, { method: 'PATCH', session: actor.session, json });
}

function remove(app: TestApp, actor: { session: string }, id: string) {
  return app.request(`/api/posts/${id}`, { method: 'DELETE', session: actor.session });
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe('PATCH /api/posts/:id', () => {
  it('edits text, price and category as an edit; marking sold and back is not one', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { text: doc('Bike'), price: 80 }), 201);

    const sold = await bodyOf<PostResponse>(await patch(app, seller, post.id, { isSold: true }), 200);
    expect(sold.post).toMatchObject({ isSold: true, editedAt: null, price: 80 });
    const unchanged = await bodyOf<PostResponse>(await patch(app, seller, post.id, { price: 80 }), 200);
    expect(unchanged.post.editedAt).toBeNull();

    const edited = await bodyOf<PostResponse>(
      await patch(app, seller, post.id, { price: 60, category: 'sports & outdoors', text: doc('Road bike') }),
      200,
    );
    expect(edited.post).toMatchObject({
      price: 60,
      category: 'sports & outdoors',
      text: doc('Road bike'),
      isSold: true,
    });
    expect(edited.post.editedAt).toEqual(expect.any(String));
    // Editing is not activity: the post keeps its place in the feed.
    expect(edited.post.lastModified).toBe(post.lastModified);
    const available = await bodyOf<PostResponse>(await patch(app, seller, post.id, { isSold: false }), 200);
    expect(available.post).toMatchObject({ isSold: false, editedAt: edited.post.editedAt });
  });

  it('lets a comment’s author edit its text', async () => {
    const app = await createTestApp();
    const author = await createMember(app);
    const listing = await createPost(app.db, { user_id: author.user.id });
    const comment = await createPost(app.db, { user_id: author.user.id, parent_id: listing.id });
    const { post } = await bodyOf<PostResponse>(await patch(app, author, comment.id, { text: doc('Typo fixed') }), 200);
    expect(post).toMatchObject({ text: doc('Typo fixed'), parentId: listing.id });
  });
});

describe('DELETE /api/posts/:id', () => {
  it('deletes the post, its nested comments, likes, media rows and files, and leaves a tombstone', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const upload = await createUpload(app.db, { user_id: seller.user.id });
    await writeUploadFiles(app, upload);
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { uploadIds: [upload.id] }), 201);
    const comment = await bodyOf<{ comment: { id: string } }>(
      await submitComment(app, buyer, post.id, { text: doc('Interested') }),
      201,
    );
    await submitComment(app, seller, post.id, { text: doc('DM me'), parentId: comment.comment.id });
    await createSave(app.db, { post_id: post.id, user_id: buyer.user.id });
    const other = await createPost(app.db, { user_id: seller.user.id });
    const mediaDir = path.join(app.config.dataDir, 'media');
    expect(await exists(path.join(mediaDir, upload.path))).toBe(true);

    const answer = await bodyOf<MessageDto>(await remove(app, seller, post.id), 200);
    expect(answer).toEqual({ msg: 'Your post was deleted' });
    expect((await app.db.selectFrom('posts').select('id').execute()).map((row) => row.id)).toEqual([other.id]);
    expect(await app.db.selectFrom('post_media').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('saves').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(await exists(path.join(mediaDir, upload.path))).toBe(false);
    expect(await exists(path.join(mediaDir, upload.thumb_path))).toBe(false);
    expect(await exists(path.join(mediaDir, path.dirname(upload.path)))).toBe(false);
    const user = await app.db
      .selectFrom('users')
      .select('total_posts')
      .where('id', '=', seller.user.id)
      .executeTakeFirstOrThrow();
    expect(user.total_posts).toBe(0);
    await expectError(await app.request(`/api/posts/${post.id}`), 410, 'Sorry, that post has been deleted.');
    await expectError(await app.request(`/api/posts/${comment.comment.id}`), 410, 'Sorry, that post has been deleted.');
  });

  it('lets a comment’s author remove it with its replies: "Comment Removed", counts follow', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { text: doc('Couch') }), 201);
    const kept = await bodyOf<{ comment: { id: string } }>(
      await submitComment(app, seller, post.id, { text: doc('Hi') }),
      201,
    );
    await nextMillisecond();
    const doomed = await bodyOf<{ comment: { id: string } }>(
      await submitComment(app, buyer, post.id, { text: doc('Mine'), parentId: kept.comment.id }),
      201,
    );
    await submitComment(app, seller, post.id, { text: doc('Ok'), parentId: doomed.comment.id });
    expect((await postPage(app, post.id)).post.commentCount).toBe(3);

    expect(await bodyOf<MessageDto>(await remove(app, buyer, doomed.comment.id), 200)).toEqual({
      msg: 'Comment Removed',
    });
    const page = await postPage(app, post.id);
    expect(page.post.commentCount).toBe(1);
    expect(page.thread).toMatchObject([{ id: kept.comment.id, commentCount: 0, replies: [] }]);
    const user = await app.db
      .selectFrom('users')
      .select('total_posts')
      .where('id', '=', seller.user.id)
      .executeTakeFirstOrThrow();
    expect(user.total_posts).toBe(1);
  });

  it('does not fail when a media file is already gone from the disk', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const upload = await createUpload(app.db, { user_id: seller.user.id });
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { uploadIds: [upload.id] }), 201);
    expect((await remove(app, seller, post.id)).status).toBe(200);
    expect(await app.db.selectFrom('post_media').selectAll().execute()).toEqual([]);
  });
});
