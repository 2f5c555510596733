import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createPost, createSave } from '../test/factories.ts';
import { createMember, createMembers, listIds } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('a block through the API', () => {
  it('hides each user’s posts, photos, replies and likes from the other on their profiles', async () => {
    const app = await createTestApp();
    const alice = await createMember(app, { username: 'alice' });
    const bob = await createMember(app, { username: 'bob' });
    const carol = await createMember(app, { username: 'carol' });
    const bobPost = await createPost(app.db, { user_id: bob.user.id, img_count: 1 });
    await createPost(app.db, { user_id: bob.user.id, parent_id: bobPost.id });
    const carolPost = await createPost(app.db, { user_id: carol.user.id });
    const alicePost = await createPost(app.db, { user_id: alice.user.id });
    await createSave(app.db, { post_id: carolPost.id, user_id: bob.user.id });
    await createSave(app.db, { post_id: alicePost.id, user_id: carol.user.id });

    const response = await app.request(`/api/users/${bob.user.id}/block`, { method: 'PUT', session: alice.session });
    expect(response.status).toBe(200);
    for (const tab of ['posts', 'photos', 'replies', 'likes']) {
      expect(await listIds(app, `/api/profiles/bob/${tab}`, alice)).toEqual([]);
      expect((await listIds(app, `/api/profiles/bob/${tab}`, carol)).length).toBe(1);
    }
    expect(await listIds(app, '/api/profiles/alice/posts', bob)).toEqual([]);
    // Carol's likes include Alice's post; Bob, blocked by Alice, does not see it there.
    expect(await listIds(app, '/api/profiles/carol/likes', bob)).toEqual([]);
    expect(await listIds(app, '/api/profiles/carol/likes', carol)).toEqual([alicePost.id]);
  });

  it('a UT student’s session cannot block on OU; a block acts only for the session user', async () => {
    const app = await createTestApp();
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const [ouStudent, victim] = await createMembers(app, 2);
    const onOu = await app.request(`/api/users/${ouStudent.user.id}/block`, {
      method: 'PUT',
      session: utStudent.session,
    });
    await expectError(onOu, 403, 'Verify your account to continue.');
    await app.request(`/api/users/${ouStudent.user.id}/block`, {
      method: 'PUT',
      session: victim.session,
      json: { blocker_id: ouStudent.user.id },
    });
    const rows = await app.db.selectFrom('blocks').select(['blocker_id', 'blocked_id']).execute();
    expect(rows).toEqual([{ blocker_id: victim.user.id, blocked_id: ouStudent.user.id }]);
  });
});
