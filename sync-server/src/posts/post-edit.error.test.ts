import type { PostResponse } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createPost } from '../test/factories.ts';
import { bodyOf, createMember, doc, submitPost } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

function patch(app: TestApp, actor: { session: string }, id: string, json: Record<string, unknown>) {
  return app.request(`/api/posts/${id}`, { method: 'PATCH', session: actor.session, json });
}

/** The stored row's editable fields, to prove a refused edit changed nothing. */
function storedFields(app: TestApp, id: string) {
  return app.db
    .selectFrom('posts')
    .select(['text_json', 'text_plain', 'price', 'category', 'is_sold', 'edited_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

// spec 2 §5, §8: an edit is held to the same rules as the composer, with the same messages.
describe('PATCH /api/posts/:id refuses with the spec’s messages', () => {
  it('text past 500 characters (2 extra per line break): "Error: Too many characters!"', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { text: doc('Desk lamp') }), 201);
    const before = await storedFields(app, post.id);
    await expectError(
      await patch(app, seller, post.id, { text: doc('a'.repeat(501)) }),
      422,
      'Error: Too many characters!',
      'text',
    );
    await expectError(
      await patch(app, seller, post.id, { text: doc(`${'a'.repeat(495)}\n\nb`) }),
      422,
      'Error: Too many characters!',
      'text',
    );
    expect(await storedFields(app, post.id)).toEqual(before);
    // Exactly 500 is allowed.
    expect((await patch(app, seller, post.id, { text: doc('a'.repeat(500)) })).status).toBe(200);
  });

  it('a category not in the spec’s list, or "all": "Something went wrong."', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const { post } = await bodyOf<PostResponse>(
      await submitPost(app, seller, { text: doc('Desk lamp'), category: 'furniture' }),
      201,
    );
    for (const category of ['all', 'boats', 'Furniture', 7]) {
      await expectError(await patch(app, seller, post.id, { category }), 422, 'Something went wrong.', 'category');
    }
    expect(await storedFields(app, post.id)).toMatchObject({ category: 'furniture', edited_at: null });
    // null clears the category, and that is an edit.
    const cleared = await bodyOf<PostResponse>(await patch(app, seller, post.id, { category: null }), 200);
    expect(cleared.post).toMatchObject({ category: null, editedAt: expect.any(String) });
  });

  it('a price that is not whole dollars: "Enter a whole-dollar price, like 45."', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { text: doc('Desk'), price: 40 }), 201);
    for (const price of [12.5, '12.50', -3, 'thirty']) {
      await expectError(
        await patch(app, seller, post.id, { price }),
        422,
        'Enter a whole-dollar price, like 45.',
        'price',
      );
    }
    await expectError(
      await patch(app, seller, post.id, { price: 100_001 }),
      422,
      'Enter a price up to $100,000.',
      'price',
    );
    expect(await storedFields(app, post.id)).toMatchObject({ price: 40, edited_at: null });
  });

  it('one bad field refuses the whole edit', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const { post } = await bodyOf<PostResponse>(await submitPost(app, seller, { text: doc('Desk'), price: 40 }), 201);
    const before = await storedFields(app, post.id);
    await expectError(
      await patch(app, seller, post.id, { text: doc('Standing desk'), price: 35, category: 'boats' }),
      422,
      'Something went wrong.',
      'category',
    );
    expect(await storedFields(app, post.id)).toEqual(before);
  });

  it('the "new user" join post is not edited, not even its text: "Something went wrong."', async () => {
    const app = await createTestApp();
    const newcomer = await createMember(app);
    const joined = await createPost(app.db, {
      user_id: newcomer.user.id,
      type: 'new user',
      text_plain: 'Test U. joined the group',
    });
    const before = await storedFields(app, joined.id);
    for (const json of [{ text: doc('Buy my stuff') }, { price: 10 }, { category: 'tickets' }, { isSold: true }]) {
      await expectError(await patch(app, newcomer, joined.id, json), 422, 'Something went wrong.');
    }
    expect(await storedFields(app, joined.id)).toEqual(before);
    // Its owner may still delete it (spec 2 §6: the post owner deletes the post).
    const deletion = await app.request(`/api/posts/${joined.id}`, { method: 'DELETE', session: newcomer.session });
    expect(deletion.status).toBe(200);
  });
});
