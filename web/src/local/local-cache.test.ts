import type { PostPageDto } from '@campus/shared/post-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type ApiGet, fetchFeedPage, forgetPost, refreshPostPage } from './local-cache.ts';
import { openLocalDb } from './local-db.ts';
import { post } from './post-fixtures.ts';

/** A server whose answers wait until released, so a deletion's notice can overtake one. */
function heldServer(answers: Record<string, { status: number; body: unknown }[]>) {
  const released: (() => void)[] = [];
  const get: ApiGet = (path) =>
    new Promise((resolve) => {
      const answer = answers[path]?.shift() ?? { status: 500, body: null };
      released.push(() => resolve(answer));
    });
  const releaseAll = () => {
    for (const release of released.splice(0)) release();
  };
  return { get, releaseAll };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a read that a deletion overtook', () => {
  it('does not bring a forgotten post back from an older answer to a post read', async () => {
    const db = openLocalDb(`cache-${Math.random()}`, { indexedDB, IDBKeyRange });
    const page = { post: post('p1'), isSaved: false, comments: [] } as unknown as PostPageDto;
    const server = heldServer({
      '/api/posts/p1': [
        { status: 200, body: page },
        { status: 410, body: null },
      ],
    });
    const reading = refreshPostPage(db, server.get, 'p1');
    await settle();
    // The deletion's notice lands while the read is out (local-cache.ts applyNotices).
    await forgetPost(db, 'p1');
    server.releaseAll();
    await settle();
    server.releaseAll(); // the second read, which the first answer's staleness asked for
    expect(await reading).toBe('deleted');
    expect(await db.feed.get('p1')).toBeUndefined();
    expect(await db.postPages.get('p1')).toBeUndefined();
  });

  it('leaves a forgotten post out of a feed page that was on its way, and keeps the rest', async () => {
    const db = openLocalDb(`cache-${Math.random()}`, { indexedDB, IDBKeyRange });
    const server = heldServer({
      '/api/posts/feed?limit=15&cursor=c': [
        { status: 200, body: { posts: [post('p1'), post('p2')], nextCursor: null } },
      ],
    });
    const fetching = fetchFeedPage(db, server.get, 'c');
    await settle();
    await forgetPost(db, 'p1');
    server.releaseAll();
    await fetching;
    expect(await db.feed.get('p1')).toBeUndefined();
    expect((await db.feed.get('p2'))?.post.id).toBe('p2');
  });
});
