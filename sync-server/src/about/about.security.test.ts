import { describe, expect, it } from 'vitest';
import { createBlock, createPost, createUser } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { aboutOf, daysAgo, newMembersPage } from './about.test-helpers.ts';

describe('the About routes across campuses and blocks', () => {
  it('never counts or lists UT members and posts on OU, whoever asks', async () => {
    const app = await createTestApp();
    const utStudent = await createMember(app, { campus_id: 'ut', school_verified_at: daysAgo(1) });
    await createPost(app.db, { user_id: utStudent.user.id, campus_id: 'ut', created_at: daysAgo(1) });
    const ouMember = await createUser(app.db, { school_verified_at: daysAgo(2) });

    for (const session of [undefined, utStudent.session]) {
      const about = await aboutOf(app, 'ou.localhost', session);
      expect(about).toMatchObject({ memberCount: 1, newMembersWeek: 1, postsWeek: 0, postsMonth: 0 });
      expect(about.newMembers.map((member) => member.id)).toEqual([ouMember.id]);
    }
    const onUt = await aboutOf(app, 'utexas.localhost');
    expect(onUt).toMatchObject({ memberCount: 1, postsWeek: 1 });
    expect(onUt.newMembers.map((member) => member.id)).toEqual([utStudent.user.id]);
  });

  it('does not let a UT cursor page through OU members or the other way round', async () => {
    const app = await createTestApp();
    for (let index = 0; index < 5; index++)
      await createUser(app.db, { campus_id: 'ut', school_verified_at: daysAgo(index) });
    const utAbout = await aboutOf(app, 'utexas.localhost');
    const onOu = await newMembersPage(app, utAbout.newMembersCursor ?? '');
    expect(onOu.members).toEqual([]);
  });

  it('hides members on either side of a block from the signed-in viewer only', async () => {
    const app = await createTestApp();
    const alice = await createMember(app, { school_verified_at: daysAgo(3) });
    const bob = await createMember(app, { school_verified_at: daysAgo(2) });
    const carol = await createMember(app, { school_verified_at: daysAgo(1) });
    await createBlock(app.db, bob.user.id, alice.user.id);

    const ids = async (session?: string) =>
      (await aboutOf(app, 'ou.localhost', session)).newMembers.map((member) => member.id);
    expect(await ids(alice.session)).toEqual([carol.user.id, alice.user.id]);
    expect(await ids(bob.session)).toEqual([carol.user.id, bob.user.id]);
    expect(await ids()).toEqual([carol.user.id, bob.user.id, alice.user.id]);
  });
});
