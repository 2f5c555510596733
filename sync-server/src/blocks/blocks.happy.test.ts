import type { BlockStateDto, BlocksDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import { bodyOf, createMember, feedIds } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('PUT, DELETE /api/users/:id/block and GET /api/blocks', () => {
  it('blocks, lists and unblocks; blocking twice is harmless', async () => {
    const app = await createTestApp();
    const alice = await createMember(app);
    const bob = await createMember(app, { username: 'bobby', first_name: 'Bob' });
    const bobPost = await createPost(app.db, { user_id: bob.user.id });
    const block = (method: 'PUT' | 'DELETE') =>
      app.request(`/api/users/${bob.user.id}/block`, { method, session: alice.session });

    expect(await bodyOf<BlockStateDto>(await block('PUT'), 200)).toEqual({ isBlocked: true });
    expect(await bodyOf<BlockStateDto>(await block('PUT'), 200)).toEqual({ isBlocked: true });
    const list = await bodyOf<BlocksDto>(await app.request('/api/blocks', { session: alice.session }), 200);
    expect(list.users).toEqual([expect.objectContaining({ id: bob.user.id, username: 'bobby', firstName: 'Bob' })]);
    expect(await feedIds(app, alice)).toEqual([]);

    expect(await bodyOf<BlockStateDto>(await block('DELETE'), 200)).toEqual({ isBlocked: false });
    expect((await bodyOf<BlocksDto>(await app.request('/api/blocks', { session: alice.session }), 200)).users).toEqual(
      [],
    );
    expect(await feedIds(app, alice)).toEqual([bobPost.id]);
  });
});
