import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type LocalDb, openLocalDb } from './local-db.ts';
import { createOutbox, type OutboxTransport } from './outbox.ts';

let dbCount = 0;
function freshDb(): LocalDb {
  dbCount += 1;
  return openLocalDb(`outbox-test-${dbCount}`, { indexedDB, IDBKeyRange });
}

type Answer = { status: number; body: unknown } | 'network-down';

/** A transport that answers from a script and records what was sent, in order. */
function scripted(answers: Answer[]) {
  const sent: { method: string; path: string; key: string; json?: unknown; file?: string }[] = [];
  const transport: OutboxTransport = {
    async send(request) {
      sent.push({
        method: request.method,
        path: request.path,
        key: request.idempotencyKey,
        json: request.json,
        file: request.file?.name,
      });
      const answer = answers.shift() ?? { status: 200, body: {} };
      if (answer === 'network-down') throw new TypeError('Failed to fetch');
      return answer;
    },
  };
  return { transport, sent };
}

function save(id: string, postId: string) {
  return {
    id,
    userId: 'u1',
    kind: 'save.set' as const,
    postId,
    rootId: null,
    method: 'PUT' as const,
    path: `/api/posts/${postId}/save`,
    body: undefined,
  };
}

describe('the outbox', () => {
  it('sends in the order mutations were made, each with its own id as the idempotency key, then empties', async () => {
    const db = freshDb();
    const { transport, sent } = scripted([]);
    const applied: string[] = [];
    const outbox = createOutbox({
      db,
      transport,
      currentUserId: () => 'u1',
      onApplied: (entry) => void applied.push(entry.id),
    });
    for (const id of ['m1', 'm2', 'm3']) await outbox.enqueue(save(id, `p-${id}`));
    expect(await outbox.drain()).toBe('drained');
    expect(sent.map((request) => request.key)).toEqual(['m1', 'm2', 'm3']);
    expect(applied).toEqual(['m1', 'm2', 'm3']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps everything when the network is down and resends the same id later', async () => {
    const db = freshDb();
    const { transport, sent } = scripted(['network-down']);
    const outbox = createOutbox({ db, transport, currentUserId: () => 'u1' });
    await outbox.enqueue(save('m1', 'p1'));
    await outbox.enqueue(save('m2', 'p2'));
    expect(await outbox.drain()).toBe('offline');
    expect((await db.outbox.toArray()).map((entry) => [entry.id, entry.state])).toEqual([
      ['m1', 'pending'],
      ['m2', 'pending'],
    ]);
    expect(await outbox.drain()).toBe('drained');
    expect(sent.map((request) => request.key)).toEqual(['m1', 'm1', 'm2']);
  });

  it('keeps a refused mutation with the server’s messages, goes on with the next, and retries or discards on request', async () => {
    const db = freshDb();
    const refusal = {
      status: 422,
      body: { errors: [{ code: 'validation_failed', msg: 'Please choose up to 10 photos.' }] },
    };
    const { transport, sent } = scripted([refusal]);
    const outbox = createOutbox({ db, transport, currentUserId: () => 'u1' });
    await outbox.enqueue(save('m1', 'p1'));
    await outbox.enqueue(save('m2', 'p2'));
    expect(await outbox.drain()).toBe('drained');
    const [failed, ...rest] = await db.outbox.toArray();
    expect(rest).toHaveLength(0);
    expect(failed).toMatchObject({ id: 'm1', state: 'failed', errors: ['Please choose up to 10 photos.'] });

    expect(await outbox.retry('m1')).toBe('drained');
    expect(await db.outbox.count()).toBe(0);
    expect(sent.map((request) => request.key)).toEqual(['m1', 'm2', 'm1']);

    await outbox.enqueue(save('m3', 'p3'));
    await db.outbox.where('id').equals('m3').modify({ state: 'failed' });
    await outbox.discard('m3');
    expect(await db.outbox.count()).toBe(0);
  });

  it('waits on a busy or restarting server (409, 429, 5xx) and a lapsed session (401) without failing the mutation', async () => {
    for (const [status, result] of [
      [409, 'later'],
      [429, 'later'],
      [503, 'later'],
      [401, 'signed-out'],
    ] as const) {
      const db = freshDb();
      const { transport } = scripted([{ status, body: null }]);
      const outbox = createOutbox({ db, transport, currentUserId: () => 'u1' });
      await outbox.enqueue(save('m1', 'p1'));
      expect(await outbox.drain()).toBe(result);
      expect(await db.outbox.toArray()).toMatchObject([{ id: 'm1', state: 'pending', errors: [] }]);
    }
  });

  it('counts a delete of a post that is already gone as done', async () => {
    const db = freshDb();
    const { transport } = scripted([{ status: 410, body: null }]);
    const outbox = createOutbox({ db, transport, currentUserId: () => 'u1' });
    await outbox.enqueue({ ...save('m1', 'p1'), kind: 'post.delete', method: 'DELETE', path: '/api/posts/p1' });
    expect(await outbox.drain()).toBe('drained');
    expect(await db.outbox.count()).toBe(0);
  });

  it('uploads files kept offline first, once each, and claims them in the post', async () => {
    const db = freshDb();
    const { transport, sent } = scripted([
      { status: 201, body: { id: 'upload-a' } },
      'network-down',
      { status: 201, body: { id: 'upload-b' } },
      { status: 201, body: { post: { id: 'm1' } } },
    ]);
    const outbox = createOutbox({ db, transport, currentUserId: () => 'u1' });
    const file = (id: string) => ({ id, name: `${id}.jpg`, type: 'image/jpeg', blob: new Blob(['x']), uploadId: null });
    await outbox.enqueue({
      id: 'm1',
      userId: 'u1',
      kind: 'post.create',
      postId: 'm1',
      rootId: null,
      method: 'POST',
      path: '/api/posts',
      body: { clientId: 'm1', uploadIds: ['uploaded-online'] },
      files: [file('a'), file('b')],
    });
    expect(await outbox.drain()).toBe('offline');
    expect(await outbox.drain()).toBe('drained');
    expect(sent.map((request) => request.file ?? request.path)).toEqual(['a.jpg', 'b.jpg', 'b.jpg', '/api/posts']);
    expect(sent.at(-1)?.json).toEqual({ clientId: 'm1', uploadIds: ['uploaded-online', 'upload-a', 'upload-b'] });
  });

  it("sends only the signed-in user's mutations", async () => {
    const db = freshDb();
    const { transport, sent } = scripted([]);
    let user: string | null = null;
    const outbox = createOutbox({ db, transport, currentUserId: () => user });
    await outbox.enqueue(save('mine', 'p1'));
    await outbox.enqueue({ ...save('theirs', 'p2'), userId: 'u2' });
    expect(await outbox.drain()).toBe('signed-out');
    user = 'u1';
    expect(await outbox.drain()).toBe('drained');
    expect(sent.map((request) => request.key)).toEqual(['mine']);
    expect((await db.outbox.toArray()).map((entry) => entry.id)).toEqual(['theirs']);
  });
});
