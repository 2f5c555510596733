import { describe, expect, it } from 'vitest';
import { createBlock, createUser } from '../test/factories.ts';
import { createMember, createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { createReader, mediaPage, seedPhotoPosts } from './media.test-helpers.ts';

/** The status and error code GET /api/posts/media answers on `host` for `session`. */
async function gateAnswer(app: Awaited<ReturnType<typeof createTestApp>>, host: string, session?: string) {
  const response = await app.request('/api/posts/media', { host, session });
  const body = (await response.json()) as { errors?: { code: string }[] };
  return { status: response.status, code: body.errors?.[0]?.code ?? null };
}

const REFUSED = { status: 403, code: 'private_campus' };
const SERVED = { status: 200, code: null };

// docs/decisions/012: on a private campus only school-verified users read the Photos tab.
describe('GET /api/posts/media on a private campus', () => {
  it('refuses signed-out visitors on every school campus, and sends them none of its posts', async () => {
    const app = await createTestApp();
    await seedPhotoPosts(app, 2, { campusId: 'ou' });
    await seedPhotoPosts(app, 2, { campusId: 'ut' });
    app.queries.length = 0;
    expect(await gateAnswer(app, 'ou.localhost')).toEqual(REFUSED);
    expect(await gateAnswer(app, 'utexas.localhost')).toEqual(REFUSED);
    expect(await gateAnswer(app, 'localhost')).toEqual(REFUSED); // unknown hosts are OU
    expect(app.queries.filter((query) => /from "posts"/.test(query.sql))).toEqual([]);
  });

  it('serves a school-verified member of the campus', async () => {
    const app = await createTestApp();
    const ids = await seedPhotoPosts(app, 2);
    const member = await createMember(app);
    expect(await gateAnswer(app, 'ou.localhost', member.session)).toEqual(SERVED);
    expect((await mediaPage(app, '', 'ou.localhost', member.session)).posts.map((post) => post.id)).toEqual(
      [...ids].reverse(),
    );
  });

  it('serves a school-verified student of another campus as a guest (spec 2 §6)', async () => {
    const app = await createTestApp();
    await seedPhotoPosts(app, 2, { campusId: 'ou' });
    const utStudent = await createMember(app, { campus_id: 'ut' });
    expect(await gateAnswer(app, 'ou.localhost', utStudent.session)).toEqual(SERVED);
  });

  it('refuses signed-in users who have not joined a school, of this campus or another', async () => {
    const app = await createTestApp();
    const notSchoolVerified = await createUser(app.db, { school_verified: 0, school_verified_at: null });
    const unverified = await createUser(app.db, { verified: 0 });
    const utNotJoined = await createUser(app.db, { campus_id: 'ut', school_verified: 0, school_verified_at: null });
    for (const user of [notSchoolVerified, unverified, utNotJoined]) {
      expect(await gateAnswer(app, 'ou.localhost', await app.signInAs(user.id)), user.username).toEqual(REFUSED);
    }
  });

  it('treats a forged or ended session as a visitor', async () => {
    const app = await createTestApp();
    expect(await gateAnswer(app, 'ou.localhost', 'forged-session-token')).toEqual(REFUSED);
    const member = await createMember(app);
    await app.request('/api/auth/logout', { method: 'POST', json: {}, session: member.session });
    expect(await gateAnswer(app, 'ou.localhost', member.session)).toEqual(REFUSED);
  });

  it('serves everyone on the public generic site, visitors and students who have not joined', async () => {
    const app = await createTestApp();
    await seedPhotoPosts(app, 1, { campusId: 'campus' });
    const notJoined = await createUser(app.db, { campus_id: 'campus', school_verified: 0, school_verified_at: null });
    expect(await gateAnswer(app, 'campus.localhost')).toEqual(SERVED);
    expect(await gateAnswer(app, 'campus.localhost', await app.signInAs(notJoined.id))).toEqual(SERVED);
  });
});

describe('GET /api/posts/media across campuses and blocks', () => {
  it('never shows one campus the photo posts of another, even to a signed-in student of it', async () => {
    const app = await createTestApp();
    const utPosts = await seedPhotoPosts(app, 3, { campusId: 'ut' });
    const ouPosts = await seedPhotoPosts(app, 2, { campusId: 'ou' });
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const ouReader = await createReader(app);

    expect((await mediaPage(app, '', 'ou.localhost', ouReader)).posts.map((post) => post.id)).toEqual(
      [...ouPosts].reverse(),
    );
    expect((await mediaPage(app, '', 'ou.localhost', utStudent.session)).posts.map((post) => post.campusId)).toEqual([
      'ou',
      'ou',
    ]);
    expect((await mediaPage(app, '', 'utexas.localhost', utStudent.session)).posts.map((post) => post.id)).toEqual(
      [...utPosts].reverse(),
    );
    expect((await mediaPage(app, '', 'campus.localhost')).posts).toEqual([]);
  });

  it('does not let a cursor from another campus leak that campus its posts', async () => {
    const app = await createTestApp();
    await seedPhotoPosts(app, 16, { campusId: 'ut' });
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const utFirst = await mediaPage(app, '', 'utexas.localhost', utStudent.session);
    expect(utFirst.nextCursor).not.toBeNull();
    const onOu = await mediaPage(app, `?cursor=${utFirst.nextCursor}`, 'ou.localhost', utStudent.session);
    expect(onOu.posts).toEqual([]);
  });

  it('hides photo posts both ways between a blocker and the blocked', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const [byAlice] = await seedPhotoPosts(app, 1, { userId: alice.user.id });
    const [byBob] = await seedPhotoPosts(app, 1, { userId: bob.user.id });
    await createBlock(app.db, alice.user.id, bob.user.id);

    expect((await mediaPage(app, '', 'ou.localhost', alice.session)).posts.map((post) => post.id)).toEqual([byAlice]);
    expect((await mediaPage(app, '', 'ou.localhost', bob.session)).posts.map((post) => post.id)).toEqual([byBob]);
    expect((await mediaPage(app, '', 'ou.localhost', await createReader(app))).posts).toHaveLength(2);
  });
});
