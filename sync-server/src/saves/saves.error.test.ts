import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createPost } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

const MISSING = "Hmm...this page doesn't exist. Try searching for something else.";

describe('saves that cannot be', () => {
  it('a missing post 404, a deleted one 410, a comment 404', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const save = (id: string) => app.request(`/api/posts/${id}/save`, { method: 'PUT', session: member.session });
    await expectError(await save('nope'), 404, MISSING);
    const listing = await createPost(app.db, { user_id: member.user.id });
    const comment = await createPost(app.db, { user_id: member.user.id, parent_id: listing.id });
    await expectError(await save(comment.id), 404, MISSING);
    await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: member.session });
    await expectError(await save(listing.id), 410, 'Sorry, that post has been deleted.');
    await expectError(await app.request(`/api/posts/${listing.id}/likes`), 410, 'Sorry, that post has been deleted.');
  });

  it('signed out: 401 for saving and for /saved; a bad cursor is a 400', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const listing = await createPost(app.db, { user_id: member.user.id });
    expect((await app.request(`/api/posts/${listing.id}/save`, { method: 'PUT' })).status).toBe(401);
    expect((await app.request('/api/saved')).status).toBe(401);
    await expectError(
      await app.request('/api/saved?cursor=%%%', { session: member.session }),
      400,
      'The page cursor is not valid.',
      'cursor',
    );
  });
});
