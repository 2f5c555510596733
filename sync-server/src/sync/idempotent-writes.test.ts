import { uuidv7 } from '@campus/shared/ids';
import type { PostResponse, SaveStateDto } from '@campus/shared/post-api';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '@campus/shared/sync-api';
import { describe, expect, it } from 'vitest';
import { createPost, createUpload } from '../test/factories.ts';
import { type Actor, bodyOf, createMember, createMembers, doc } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { MUTATION_MESSAGES } from './idempotent-writes.ts';

function send(app: TestApp, actor: Actor, key: string, path: string, method: string, json?: unknown) {
  return app.request(path, { ...actor, method, json, headers: { [IDEMPOTENCY_HEADER]: key } });
}

async function postCount(app: TestApp) {
  return (await app.db.selectFrom('posts').select('id').execute()).length;
}

describe('mutations sent with an Idempotency-Key (issue 5 outbox)', () => {
  it('applies a create once and answers every retry with the first answer, marked replayed', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const key = uuidv7();
    const first = await send(app, member, key, '/api/posts', 'POST', { text: doc('Desk lamp, $10') });
    const created = await bodyOf<PostResponse>(first, 201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const retry = await send(app, member, key, '/api/posts', 'POST', { text: doc('Desk lamp, $10') });
      expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
      expect(await bodyOf<PostResponse>(retry, 201)).toEqual(created);
    }
    expect(await postCount(app)).toBe(1);
  });

  it('does not re-apply an old save when its duplicate arrives after the unsave', async () => {
    const app = await createTestApp();
    const [owner, saver] = await createMembers(app, 2);
    const post = await createPost(app.db, { user_id: owner.user.id });
    const saveKey = uuidv7();
    await bodyOf<SaveStateDto>(await send(app, saver, saveKey, `/api/posts/${post.id}/save`, 'PUT'), 200);
    await bodyOf<SaveStateDto>(await send(app, saver, uuidv7(), `/api/posts/${post.id}/save`, 'DELETE'), 200);

    // The network delivers the first request a second time, late.
    const late = await send(app, saver, saveKey, `/api/posts/${post.id}/save`, 'PUT');
    expect(await bodyOf<SaveStateDto>(late, 200)).toEqual({ isSaved: true, saveCount: 1 });
    const likes = await app.db.selectFrom('saves').selectAll().where('post_id', '=', post.id).execute();
    expect(likes).toHaveLength(0);
  });

  it('replays a bodiless 204 answer as a 204, not a 500 (found by the route fuzz, issue 18)', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const upload = await createUpload(app.db, { user_id: member.user.id });
    const key = uuidv7();
    const first = await send(app, member, key, `/api/uploads/${upload.id}`, 'DELETE');
    expect(first.status).toBe(204);

    const retry = await send(app, member, key, `/api/uploads/${upload.id}`, 'DELETE');
    expect(retry.status).toBe(204);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await retry.text()).toBe('');
  });

  it('keeps no receipt for a refused mutation, so the same id can be sent again once fixed', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const key = uuidv7();
    const refused = await send(app, member, key, '/api/posts', 'POST', {});
    expect(refused.status).toBe(422);
    expect(await app.db.selectFrom('mutation_receipts').selectAll().execute()).toHaveLength(0);
    await bodyOf<PostResponse>(await send(app, member, key, '/api/posts', 'POST', { text: doc('Bike') }), 201);
    expect(await postCount(app)).toBe(1);
  });

  it('takes over a claim left pending by an earlier server run and still applies once', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const key = uuidv7();
    // The earlier run created the post (clientId = key) and stopped before writing the receipt.
    await bodyOf<PostResponse>(
      await app.request('/api/posts', { ...member, json: { clientId: key, text: doc('Mini fridge') } }),
      201,
    );
    await app.db
      .insertInto('mutation_receipts')
      .values({
        user_id: member.user.id,
        id: key,
        method: 'POST',
        path: '/api/posts',
        state: 'pending',
        boot_id: 'an-earlier-run',
        created_at: new Date().toISOString(),
      })
      .execute();
    const retry = await send(app, member, key, '/api/posts', 'POST', { clientId: key, text: doc('Mini fridge') });
    expect((await bodyOf<PostResponse>(retry, 200)).post.id).toBe(key);
    expect(await postCount(app)).toBe(1);
  });
});

describe('mutation ids: errors and security', () => {
  it('refuses a key that is not a UUID with a 400 envelope', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const response = await send(app, member, 'not-a-uuid', '/api/posts', 'POST', { text: doc('x') });
    expect(await bodyOf(response, 400)).toEqual({ errors: [{ code: 'bad_request', msg: MUTATION_MESSAGES.badKey }] });
    expect(await postCount(app)).toBe(0);
  });

  it('answers a duplicate that arrives while the first is being refused with a 409 envelope, not a 500 (route fuzz, issue 18)', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const key = uuidv7();
    // Blocking oneself is refused (422); the first request's receipt is dropped while the duplicate looks it up.
    const [first, duplicate] = await Promise.all([
      send(app, member, key, `/api/users/${member.user.id}/block`, 'PUT'),
      send(app, member, key, `/api/users/${member.user.id}/block`, 'PUT'),
    ]);
    expect(first.status).toBe(422);
    expect(await bodyOf(duplicate, 409)).toEqual({ errors: [{ code: 'conflict', msg: MUTATION_MESSAGES.inProgress }] });
    expect(await app.db.selectFrom('mutation_receipts').selectAll().execute()).toHaveLength(0);
  });

  it('refuses one id reused for a different request', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const key = uuidv7();
    await bodyOf(await send(app, member, key, '/api/posts', 'POST', { text: doc('Chair') }), 201);
    const post = await createPost(app.db, { user_id: member.user.id });
    const reused = await send(app, member, key, `/api/posts/${post.id}/save`, 'PUT');
    expect(await bodyOf(reused, 409)).toEqual({ errors: [{ code: 'conflict', msg: MUTATION_MESSAGES.reused }] });
  });

  it("never replays one user's answer to another user who sends the same id", async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const key = uuidv7();
    const first = await bodyOf<PostResponse>(
      await send(app, alice, key, '/api/posts', 'POST', { text: doc('A') }),
      201,
    );
    const second = await send(app, bob, key, '/api/posts', 'POST', { text: doc('B') });
    expect(second.headers.get(REPLAYED_HEADER)).toBeNull();
    const created = await bodyOf<PostResponse>(second, 201);
    expect(created.post.id).not.toBe(first.post.id);
    expect(created.post.author.id).toBe(bob.user.id);
  });

  it('answers a signed-out write with 401 whatever its key, and keeps nothing', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/posts', {
      json: { text: doc('x') },
      headers: { [IDEMPOTENCY_HEADER]: uuidv7() },
    });
    expect(response.status).toBe(401);
    expect(await app.db.selectFrom('mutation_receipts').selectAll().execute()).toHaveLength(0);
  });
});
