import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createMedia, createPost, createUpload, createUser } from '../test/factories.ts';
import { createMember, doc, submitPost } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

/** A document whose paragraphs nest `depth` levels deep. */
function nested(depth: number) {
  let node: Record<string, unknown> = { type: 'text', text: 'deep' };
  for (let level = 0; level < depth; level++) node = { type: 'paragraph', children: [node] };
  return { root: { type: 'root', children: [node] } };
}

describe('POST /api/posts refuses with the spec’s messages', () => {
  it('no text and no photo: the empty-post message', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    await expectError(await submitPost(app, seller, {}), 422, 'Write something or add a photo.');
    await expectError(await submitPost(app, seller, { text: doc('  \n ') }), 422, 'Write something or add a photo.');
  });

  it('more than 500 characters, counting 2 extra per line break: "Error: Too many characters!"', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    expect((await submitPost(app, seller, { text: doc('a'.repeat(500)) })).status).toBe(201);
    // 497 letters and one line break count 500; a second break makes 503.
    expect((await submitPost(app, seller, { text: doc(`${'a'.repeat(496)}\nb`) })).status).toBe(201);
    await expectError(
      await submitPost(app, seller, { text: doc('a'.repeat(501)) }),
      422,
      'Error: Too many characters!',
      'text',
    );
    await expectError(
      await submitPost(app, seller, { text: doc(`${'a'.repeat(495)}\n\nb`) }),
      422,
      'Error: Too many characters!',
    );
  });

  it('more than 10 files: "Please choose up to 10 photos."', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const uploads = await Promise.all(
      Array.from({ length: 11 }, () => createUpload(app.db, { user_id: seller.user.id })),
    );
    await expectError(
      await submitPost(app, seller, { uploadIds: uploads.map((upload) => upload.id) }),
      422,
      'Please choose up to 10 photos.',
      'uploadIds',
    );
  });

  it('an upload that is not the caller’s unattached one: "Something went wrong."', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const stranger = await createUser(app.db);
    const theirs = await createUpload(app.db, { user_id: stranger.id });
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const claimed = await createUpload(app.db, { user_id: seller.user.id, post_id: listing.id });
    const utUpload = await createUpload(app.db, { user_id: seller.user.id, campus_id: 'ut' });
    const mine = await createUpload(app.db, { user_id: seller.user.id });
    for (const id of [theirs.id, claimed.id, utUpload.id, 'no-such-upload']) {
      await expectError(await submitPost(app, seller, { uploadIds: [mine.id, id] }), 422, 'Something went wrong.');
    }
    await expectError(await submitPost(app, seller, { uploadIds: [mine.id, mine.id] }), 422, 'Something went wrong.');
    expect(await app.db.selectFrom('post_media').selectAll().execute()).toEqual([]);
    expect(
      (await app.db.selectFrom('uploads').select('post_id').where('id', '=', mine.id).executeTakeFirst())?.post_id,
    ).toBeNull();
  });

  it('text that is not a bounded Lexical document: "Something went wrong."', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    for (const text of ['plain string', { root: { type: 'paragraph', children: [] } }, { root: 'x' }, nested(200)]) {
      await expectError(await submitPost(app, seller, { text }), 422, 'Something went wrong.', 'text');
    }
    // Built as a string: JSON.stringify itself would overflow the stack on 20,000 levels.
    const depth = 20_000;
    const body = `{"text":{"root":{"type":"root","children":[${'{"type":"p","children":['.repeat(depth)}${']}'.repeat(depth)}]}}}`;
    const tooDeep = await app.request('/api/posts', {
      method: 'POST',
      session: seller.session,
      body,
      headers: { 'content-type': 'application/json' },
    });
    await expectError(tooDeep, 422, 'Something went wrong.');
  });

  it('a price that is not whole dollars in range, or a category not in the list', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    // issue 19: '45.99' must be refused, never read as 4599.
    for (const price of [9.99, '45.99', -1, '1,2', true, [5]]) {
      const response = await submitPost(app, seller, { text: doc('Lamp'), price });
      await expectError(response, 422, 'Enter a whole-dollar price, like 45.', 'price');
    }
    for (const price of [100_001, '$100,001']) {
      const response = await submitPost(app, seller, { text: doc('Lamp'), price });
      await expectError(response, 422, 'Enter a price up to $100,000.', 'price');
    }
    for (const category of ['all', 'boats']) {
      const response = await submitPost(app, seller, { text: doc('Lamp'), category });
      await expectError(response, 422, 'Something went wrong.', 'category');
    }
    expect(await app.db.selectFrom('posts').selectAll().execute()).toEqual([]);
  });

  it('gates: signed out 401, unverified 403, profile not set up 403', async () => {
    const app = await createTestApp();
    const signedOut = await app.request('/api/posts', { json: { text: doc('Hi') } });
    expect(signedOut.status).toBe(401);
    const unverified = await createMember(app, { school_verified: 0 });
    await expectError(
      await submitPost(app, unverified, { text: doc('Hi') }),
      403,
      'Verify your account to create a post.',
    );
    const noEmail = await createMember(app, { verified: 0 });
    await expectError(
      await submitPost(app, noEmail, { text: doc('Hi') }),
      403,
      'Verify your account to create a post.',
    );
    const newcomer = await createMember(app, { profile_set_up: 0 });
    await expectError(await submitPost(app, newcomer, { text: doc('Hi') }), 403, 'Your profile is not complete');
  });
});

describe('reading and changing a post that is not there', () => {
  it('a missing post is a 404 with the spec’s text; a deleted one a 410', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const missing = "Hmm...this page doesn't exist. Try searching for something else.";
    await expectError(await app.request('/api/posts/01890a5d-ac96-774b-bcce-b302099a8057'), 404, missing);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: seller.session });
    await expectError(await app.request(`/api/posts/${listing.id}`), 410, 'Sorry, that post has been deleted.');
    const again = await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: seller.session });
    await expectError(again, 410, 'Sorry, that post has been deleted.');
    const retried = await submitPost(app, seller, { clientId: listing.id, text: doc('Back from the dead') });
    await expectError(retried, 410, 'Sorry, that post has been deleted.');
  });

  it('an edit may not empty a post without photos, nor give a comment a price', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const patch = (id: string, json: Record<string, unknown>) =>
      app.request(`/api/posts/${id}`, { method: 'PATCH', session: seller.session, json });
    await expectError(await patch(listing.id, { text: doc('') }), 422, 'Write something or add a photo.');
    const comment = await createPost(app.db, { user_id: seller.user.id, parent_id: listing.id });
    await expectError(await patch(comment.id, { price: 5 }), 422, 'Something went wrong.');
    await expectError(await patch(comment.id, { text: doc(' ') }), 422, 'Write a comment first.');
    // A post with a photo may lose its words.
    const photo = await createPost(app.db, { user_id: seller.user.id, img_count: 1 });
    await createMedia(app.db, { post_id: photo.id });
    expect((await patch(photo.id, { text: doc('') })).status).toBe(200);
  });
});
