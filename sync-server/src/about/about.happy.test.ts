import { describe, expect, it } from 'vitest';
import { createPost, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { aboutOf, daysAgo, newMembersPage } from './about.test-helpers.ts';

describe('GET /api/campus/about', () => {
  it('counts members, new members and posts exactly, with dates inside and outside the windows', async () => {
    const app = await createTestApp();
    // Members: 4 school-verified on OU, 2 of them verified within 7 days.
    const author = await createUser(app.db, { school_verified_at: daysAgo(100) });
    await createUser(app.db, { school_verified_at: daysAgo(8) });
    await createUser(app.db, { school_verified_at: daysAgo(6.9) });
    await createUser(app.db, { school_verified_at: daysAgo(0.1) });
    await createUser(app.db, { school_verified: 0, school_verified_at: null }); // not a member
    await createUser(app.db, { campus_id: 'ut', school_verified_at: daysAgo(1) }); // another campus
    // Posts: top level, created 1, 6.9, 8, 20 and 40 days ago.
    for (const days of [1, 6.9, 8, 20, 40]) {
      await createPost(app.db, { user_id: author.id, created_at: daysAgo(days), last_modified: daysAgo(0) });
    }
    const recent = await createPost(app.db, { user_id: author.id, created_at: daysAgo(2) });
    await createPost(app.db, { user_id: author.id, parent_id: recent.id, created_at: daysAgo(1) }); // a comment
    await createPost(app.db, { user_id: author.id, type: 'new user', created_at: daysAgo(1) }); // a join notice
    await createPost(app.db, { user_id: author.id, campus_id: 'ut', created_at: daysAgo(1) }); // another campus

    const about = await aboutOf(app);
    expect(about).toMatchObject({ memberCount: 4, newMembersWeek: 2, postsWeek: 3, postsMonth: 5 });
  });

  it("lists 'New to the group' newest verification first, 3 then 6 per page, to the end", async () => {
    const app = await createTestApp();
    const ids: string[] = [];
    for (let index = 0; index < 11; index++) {
      const user = await createUser(app.db, {
        first_name: `Member${index}`,
        school_verified_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      });
      ids.unshift(user.id);
    }
    await createUser(app.db, { school_verified: 0, school_verified_at: null });

    const about = await aboutOf(app);
    expect(about.newMembers.map((member) => member.id)).toEqual(ids.slice(0, 3));
    expect(about.newMembers[0]).toMatchObject({ firstName: 'Member10', isSchoolVerified: true });
    expect(about.newMembers[0]).not.toHaveProperty('email');
    const second = await newMembersPage(app, about.newMembersCursor ?? '');
    expect(second.members.map((member) => member.id)).toEqual(ids.slice(3, 9));
    const third = await newMembersPage(app, second.nextCursor ?? '');
    expect(third.members.map((member) => member.id)).toEqual(ids.slice(9));
    expect(third.nextCursor).toBeNull();
  });

  it('answers zeros and no cursor for an empty campus', async () => {
    const app = await createTestApp();
    expect(await aboutOf(app)).toEqual({
      memberCount: 0,
      newMembersWeek: 0,
      postsWeek: 0,
      postsMonth: 0,
      newMembers: [],
      newMembersCursor: null,
    });
  });

  it('starts new-members at the top without a cursor and costs one query per page whatever its length', async () => {
    const app = await createTestApp();
    for (let index = 0; index < 8; index++) await createUser(app.db, { school_verified_at: daysAgo(index) });
    app.queries.length = 0;
    const page = await newMembersPage(app, '');
    expect(page.members).toHaveLength(6);
    expect(app.queries).toHaveLength(1);
    app.queries.length = 0;
    await aboutOf(app);
    expect(app.queries).toHaveLength(2);
  });
});
