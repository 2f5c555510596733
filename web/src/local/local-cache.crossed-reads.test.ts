import type { PostDto, PostPageDto } from '@campus/shared/post-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type ApiGet, applyMutationResult, refreshFeed, refreshPostPage, storePost } from './local-cache.ts';
import { openLocalDb } from './local-db.ts';
import { createOutbox } from './outbox.ts';
import { post } from './post-fixtures.ts';

/**
 * Two reads of one post out at once, or a read and a mutation's answer,
 * land in the other order than they were sent (another connection, a slow
 * answer). A save moves saveCount but not lastModified (the feed's order,
 * spec 2 §6), so nothing in the answers tells the older from the newer: the
 * device must go by the order it sent them. Found by tests/fuzz
 * (FUZZ_SEED=3122845140, 2480105055): a device kept `saveCount 0` after
 * another student's save, because its outbox's re-read of the post, sent
 * before that save, landed after the save's notice had been read.
 */

/** A server whose answers wait, each until released by the order it was asked in. */
function heldServer(answers: Record<string, { status: number; body: unknown }[]>) {
  const waiting: (() => void)[] = [];
  const get: ApiGet = (path) =>
    new Promise((resolve) => {
      const answer = answers[path]?.shift() ?? { status: 500, body: null };
      waiting.push(() => resolve(answer));
    });
  return { get, release: (index: number) => waiting[index]?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const freshDb = () => openLocalDb(`crossed-${Math.random()}`, { indexedDB, IDBKeyRange });

function pageOf(shown: PostDto): { status: number; body: PostPageDto } {
  return { status: 200, body: { post: shown, thread: [], isSaved: shown.isSaved ?? false, isOwner: false } };
}

describe('reads and answers that land out of order', () => {
  it('an older read of a post that lands after a newer one does not undo what the newer one showed', async () => {
    const db = freshDb();
    const server = heldServer({
      '/api/posts/p1': [pageOf(post('p1', { saveCount: 0 })), pageOf(post('p1', { saveCount: 1 }))],
    });
    // The outbox re-reads the post after a comment; then another student saves it and its notice reads it again.
    const older = refreshPostPage(db, server.get, 'p1');
    await settle();
    const newer = refreshPostPage(db, server.get, 'p1');
    await settle();
    server.release(1);
    await newer;
    server.release(0);
    await older;
    expect((await db.feed.get('p1'))?.post).toMatchObject({ saveCount: 1, isSaved: false });
    expect((await db.postPages.get('p1'))?.page.post.saveCount).toBe(1);
  });

  it("a read sent before the student's own save was sent does not undo the save's answer", async () => {
    const db = freshDb();
    await storePost(db, post('p1', { saveCount: 0 }));
    const server = heldServer({ '/api/posts/p1': [pageOf(post('p1', { saveCount: 0 }))] });
    const outbox = createOutbox({
      db,
      transport: { send: async () => ({ status: 200, body: { isSaved: true, saveCount: 1 }, replayed: false }) },
      currentUserId: () => 'u1',
      onApplied: (entry, body, meta) => applyMutationResult(db, server.get, entry, body, meta),
    });
    // A notice's read is out when the student saves; the save's answer is back first.
    const reading = refreshPostPage(db, server.get, 'p1');
    await settle();
    await outbox.enqueue({
      id: 'm1',
      userId: 'u1',
      kind: 'save.set',
      postId: 'p1',
      rootId: null,
      method: 'PUT',
      path: '/api/posts/p1/save',
      body: undefined,
    });
    expect(await outbox.drain()).toBe('drained');
    server.release(0);
    await reading;
    expect((await db.feed.get('p1'))?.post).toMatchObject({ saveCount: 1, isSaved: true });
  });

  it('a feed page sent before a post was read neither undoes that read nor drops a post it could not know of', async () => {
    const db = freshDb();
    const feedPath = '/api/posts/feed?limit=25';
    const server = heldServer({
      [feedPath]: [{ status: 200, body: { posts: [post('p1', { saveCount: 0 })], nextCursor: null } }],
      '/api/posts/p1': [pageOf(post('p1', { saveCount: 1 }))],
      '/api/posts/p2': [pageOf(post('p2', { lastModified: '2026-11-21T10:00:00.000Z' }))],
    });
    const feed = refreshFeed(db, server.get);
    await settle();
    // While the feed is out, p1 is saved and p2 is posted; their notices' reads come back first.
    const saved = refreshPostPage(db, server.get, 'p1');
    const posted = refreshPostPage(db, server.get, 'p2');
    await settle();
    server.release(1);
    server.release(2);
    await Promise.all([saved, posted]);
    server.release(0);
    await feed;
    expect((await db.feed.get('p1'))?.post.saveCount).toBe(1);
    expect((await db.feed.get('p2'))?.post.id).toBe('p2');
  });
});
