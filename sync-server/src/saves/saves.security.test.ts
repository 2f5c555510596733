import type { SaversPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createBlock, createPost, createSave } from '../test/factories.ts';
import { bodyOf, createMember, createMembers, listIds } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('saves stay on their campus', () => {
  it('a UT session cannot save on OU, and a UT post cannot be saved from OU', async () => {
    const app = await createTestApp();
    const ouSeller = await createMember(app);
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const ouPost = await createPost(app.db, { user_id: ouSeller.user.id });
    const onOu = await app.request(`/api/posts/${ouPost.id}/save`, { method: 'PUT', session: utStudent.session });
    await expectError(onOu, 403, 'Verify your account to continue.');
    const fromUt = await app.request(`/api/posts/${ouPost.id}/save`, {
      method: 'PUT',
      session: utStudent.session,
      host: 'utexas.localhost',
    });
    expect(fromUt.status).toBe(404);
    expect((await app.request(`/api/posts/${ouPost.id}/likes`, { host: 'utexas.localhost' })).status).toBe(404);
    expect(await app.db.selectFrom('saves').selectAll().execute()).toEqual([]);
  });

  it('/saved lists only this campus’s posts', async () => {
    const app = await createTestApp();
    const student = await createMember(app);
    const ouPost = await createPost(app.db, { user_id: student.user.id });
    const utPost = await createPost(app.db, { user_id: student.user.id, campus_id: 'ut' });
    await createSave(app.db, { post_id: ouPost.id, user_id: student.user.id });
    await createSave(app.db, { post_id: utPost.id, user_id: student.user.id });
    expect(await listIds(app, '/api/saved', student)).toEqual([ouPost.id]);
    expect(await listIds(app, '/api/saved', { session: student.session, host: 'utexas.localhost' })).toEqual([
      utPost.id,
    ]);
  });
});

describe('saves and blocks', () => {
  it('a blocked author’s posts leave /saved, cannot be saved, and blocked savers leave the likes list', async () => {
    const app = await createTestApp();
    const [alice, bob, carol] = await createMembers(app, 3);
    const bobPost = await createPost(app.db, { user_id: bob.user.id });
    const carolPost = await createPost(app.db, { user_id: carol.user.id });
    await createSave(app.db, { post_id: bobPost.id, user_id: alice.user.id });
    await createSave(app.db, { post_id: carolPost.id, user_id: bob.user.id });
    await createBlock(app.db, bob.user.id, alice.user.id);

    expect(await listIds(app, '/api/saved', alice)).toEqual([]);
    const saveBobs = await app.request(`/api/posts/${bobPost.id}/save`, { method: 'PUT', session: alice.session });
    expect(saveBobs.status).toBe(404);
    const likers = async (session?: string) =>
      (await bodyOf<SaversPageDto>(await app.request(`/api/posts/${carolPost.id}/likes`, { session }), 200)).users;
    expect(await likers(alice.session)).toEqual([]);
    expect((await likers(carol.session)).map((user) => user.id)).toEqual([bob.user.id]);
  });
});
