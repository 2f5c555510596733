import { plainTextToRichText } from '@campus/shared/rich-text';
import { readHeadSeq } from '@campus/sync-server/sync/changes.repository';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultyNetwork } from './faulty-network.ts';
import { FuzzClient } from './fuzz-client.ts';
import { DEFAULT_SOCKET_RATES, NO_FAULTS, waitFor } from './fuzz-round.ts';
import { FuzzServer } from './fuzz-server.ts';
import { checkConvergence, readServerState } from './invariants.ts';
import { createRng } from './prng.ts';
import { SocketProxy } from './socket-proxy.ts';

/**
 * Scripted versions of what the fuzz rounds find by chance (Actual's
 * adversarial tests): one device, one fault, one question.
 */
const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  // The offline device's failed reads are logged by the engine; they are the point here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

async function setUp() {
  const server = await FuzzServer.start();
  cleanups.push(() => server.close());
  const proxy = new SocketProxy(() => server.port);
  await proxy.listen();
  cleanups.push(() => proxy.close());
  const network = new FaultyNetwork(createRng(7), NO_FAULTS, () => server.port);
  cleanups.push(() => network.close());
  const socketStats = { messages: 0, closedAfterOpen: 0, duplicatedMessages: 0 };
  const device = async (name: string) => {
    const client = new FuzzClient({
      name,
      member: await server.addMember('ou'),
      network,
      proxy,
      rng: createRng(name.length),
      socketRates: DEFAULT_SOCKET_RATES,
      socketStats,
    });
    cleanups.push(() => client.close());
    client.start();
    return client;
  };
  return { server, network, device };
}

async function caughtUp(server: FuzzServer, client: FuzzClient) {
  await waitFor(
    `${client.name} caught up`,
    async () => {
      await server.current.changeHub.idle();
      const waiting = await client.db.outbox.count();
      return waiting === 0 && client.status === 'online' && client.cursor === (await readHeadSeq(server.current.db));
    },
    10_000,
  );
}

describe('answers replayed from a receipt', () => {
  it('a post whose answer was lost, retried after others commented, keeps the comment count the device already had', async () => {
    const { server, network, device } = await setUp();
    const alice = await device('alice');
    const bob = await device('bob');
    await waitFor('both online', () => alice.status === 'online' && bob.status === 'online', 10_000);

    // Alice posts; the server applies it but her answer is lost, and her device drops off the network.
    const postId = crypto.randomUUID();
    network.answersToLose.set(alice.member.userId, 1);
    await alice.outbox.enqueue({
      id: postId,
      userId: alice.member.userId,
      kind: 'post.create',
      postId,
      rootId: null,
      method: 'POST',
      path: '/api/posts',
      body: { clientId: postId, text: plainTextToRichText('Desk lamp, barely used'), price: 15 },
    });
    expect(await alice.outbox.drain()).toBe('offline');
    alice.connection.stop();
    network.offline.add(alice.member.userId);

    // Bob hears of the post and comments on it.
    await waitFor('bob sees the post', async () => (await bob.db.feed.get(postId)) !== undefined, 10_000);
    const commentId = crypto.randomUUID();
    await bob.outbox.enqueue({
      id: commentId,
      userId: bob.member.userId,
      kind: 'comment.create',
      postId: commentId,
      rootId: postId,
      method: 'POST',
      path: `/api/posts/${postId}/comments`,
      body: { clientId: commentId, text: plainTextToRichText('Still available?') },
    });
    expect(await bob.outbox.drain()).toBe('drained');

    // Alice is back: the socket catches her up, then her outbox sends the post again and gets the stored answer.
    network.offline.delete(alice.member.userId);
    alice.connection.start();
    await caughtUp(server, alice);

    expect(network.stats.replayedAnswers).toBe(1);
    const row = await server.current.db
      .selectFrom('posts')
      .select('comment_count')
      .where('id', '=', postId)
      .executeTakeFirst();
    expect(row?.comment_count).toBe(1);
    expect((await alice.db.feed.get(postId))?.post.commentCount).toBe(1);
  });

  it("a save whose answer was lost, retried after another student saved, keeps the post's save count", async () => {
    const { server, network, device } = await setUp();
    const alice = await device('alice');
    const bob = await device('bob');
    const carol = await device('carol');
    await waitFor('all online', () => [alice, bob, carol].every((client) => client.status === 'online'), 10_000);

    const postId = crypto.randomUUID();
    await bob.outbox.enqueue({
      id: postId,
      userId: bob.member.userId,
      kind: 'post.create',
      postId,
      rootId: null,
      method: 'POST',
      path: '/api/posts',
      body: { clientId: postId, text: plainTextToRichText('Mini fridge') },
    });
    expect(await bob.outbox.drain()).toBe('drained');
    await waitFor('alice sees the post', async () => (await alice.db.feed.get(postId)) !== undefined, 10_000);

    const save = (client: FuzzClient) =>
      client.outbox.enqueue({
        id: crypto.randomUUID(),
        userId: client.member.userId,
        kind: 'save.set',
        postId,
        rootId: null,
        method: 'PUT',
        path: `/api/posts/${postId}/save`,
        body: undefined,
      });
    // Alice's save is applied, its answer lost, and her device drops off.
    network.answersToLose.set(alice.member.userId, 1);
    await save(alice);
    expect(await alice.outbox.drain()).toBe('offline');
    alice.connection.stop();
    network.offline.add(alice.member.userId);
    await save(carol);
    expect(await carol.outbox.drain()).toBe('drained');

    network.offline.delete(alice.member.userId);
    alice.connection.start();
    await caughtUp(server, alice);

    expect(network.stats.replayedAnswers).toBe(1);
    const cached = await alice.db.feed.get(postId);
    expect(cached?.post).toMatchObject({ isSaved: true, saveCount: 2 });
  });
});

describe('reads that land out of order', () => {
  it("a device's read of a post, answered before another student saved it, lands after the save's notice was read and does not undo it", async () => {
    const { server, network, device } = await setUp();
    const alice = await device('alice');
    const bob = await device('bob');
    await waitFor('both online', () => alice.status === 'online' && bob.status === 'online', 10_000);

    const postId = crypto.randomUUID();
    await bob.outbox.enqueue({
      id: postId,
      userId: bob.member.userId,
      kind: 'post.create',
      postId,
      rootId: null,
      method: 'POST',
      path: '/api/posts',
      body: { clientId: postId, text: plainTextToRichText('Bike lock') },
    });
    expect(await bob.outbox.drain()).toBe('drained');
    await waitFor('alice sees the post', async () => (await alice.db.feed.get(postId)) !== undefined, 10_000);

    // Alice comments while her socket is down; her outbox then reads the post, and that answer is slow to land.
    alice.connection.stop();
    let land = () => {};
    network.readsToHold.set(
      alice.member.userId,
      new Promise((resolve) => {
        land = resolve;
      }),
    );
    const commentId = crypto.randomUUID();
    await alice.outbox.enqueue({
      id: commentId,
      userId: alice.member.userId,
      kind: 'comment.create',
      postId: commentId,
      rootId: postId,
      method: 'POST',
      path: `/api/posts/${postId}/comments`,
      body: { clientId: commentId, text: plainTextToRichText('Does it come with keys?') },
    });
    const draining = alice.outbox.drain();
    await waitFor('the server answered her read', () => !network.readsToHold.has(alice.member.userId), 10_000);

    // Bob saves the post. Alice is back: the save's notice is read and shown before her slow answer lands.
    await bob.outbox.enqueue({
      id: crypto.randomUUID(),
      userId: bob.member.userId,
      kind: 'save.set',
      postId,
      rootId: null,
      method: 'PUT',
      path: `/api/posts/${postId}/save`,
      body: undefined,
    });
    expect(await bob.outbox.drain()).toBe('drained');
    alice.connection.start();
    await waitFor('alice shows the save', async () => (await alice.db.feed.get(postId))?.post.saveCount === 1, 10_000);
    land();
    expect(await draining).toBe('drained');
    await caughtUp(server, alice);

    // A save moves no lastModified: nothing later would tell the device its row is stale.
    const state = await readServerState(server.current.db);
    expect(await checkConvergence([alice], state, server.current.port)).toEqual([]);
    expect((await alice.db.feed.get(postId))?.post).toMatchObject({ saveCount: 1, isSaved: false, commentCount: 1 });
  });
});
