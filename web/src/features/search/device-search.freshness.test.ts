import type { PostPageDto } from '@campus/shared/post-api';
import { plainTextToRichText } from '@campus/shared/rich-text';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPost, storePost } from '../../local/local-cache.ts';
import { CACHE_OWNER_KEY, clearReadCache } from '../../local/local-db.ts';
import { createOutbox } from '../../local/outbox.ts';
import { me } from '../../local/post-fixtures.ts';
import { deviceDb, idsOf, listing, MemoryStorage, query, scope } from './device-search.test-helpers.ts';
import { openDeviceSearch } from './device-search-engine.ts';

// clearReadCache also drops the feed's localStorage snapshot.
beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  return () => vi.unstubAllGlobals();
});

function pageOf(post: ReturnType<typeof listing>): { id: string; page: PostPageDto; fetchedAt: number } {
  return { id: post.id, page: { post, thread: [], isSaved: true, isOwner: true }, fetchedAt: 1 };
}

describe('what the device search reads', () => {
  it('leaves out comments, joined posts and other campuses, and keeps one copy of each post', async () => {
    const db = await deviceDb();
    const old = listing('p1', 'old lamp', 5);
    const edited = { ...old, text: plainTextToRichText('brass lamp'), lastModified: '2026-11-21T00:00:00.000Z' };
    await db.feed.bulkPut(
      [
        old,
        listing('c1', 'lamp comment', 1, { parentId: 'p1' }),
        listing('j1', 'lamp joined', 2, { type: 'new user' }),
        listing('x1', 'lamp elsewhere', 3, { campusId: 'utexas' }),
      ].map((post) => ({ id: post.id, lastModified: post.lastModified, post })),
    );
    await db.postPages.put(pageOf(edited));
    await db.saved.put({ id: 'p1', savedAt: '2026-11-20T00:00:00.000Z', post: old });
    const search = openDeviceSearch(db, scope);
    expect(idsOf(await search.search(query('lamp')))).toEqual(['p1']);
    // The newest copy wins: the post page read after the edit.
    expect(idsOf(await search.search(query('brass')))).toEqual(['p1']);
    expect(idsOf(await search.search(query('old')))).toEqual([]);
  });

  it("finds nothing in a cache that is another user's", async () => {
    const db = await deviceDb('someone-else');
    await db.feed.put({ id: 'p1', lastModified: '1', post: listing('p1', 'lamp', 1) });
    const search = openDeviceSearch(db, scope);
    expect(idsOf(await search.search(query('lamp')))).toEqual([]);
    // The sync layer makes it the viewer's (after clearing it) and what they read is found.
    await clearReadCache(db);
    await db.meta.put({ key: CACHE_OWNER_KEY, value: me.id });
    await db.feed.put({ id: 'p2', lastModified: '2', post: listing('p2', 'lamp', 1) });
    expect(idsOf(await search.search(query('lamp')))).toEqual(['p2']);
  });
});

describe('keeping the index current', () => {
  it('follows a cached post edited, added and forgotten (deleted on the server)', async () => {
    const db = await deviceDb();
    await db.feed.put({ id: 'p1', lastModified: '1', post: listing('p1', 'desk lamp', 1) });
    const search = openDeviceSearch(db, scope);
    expect(idsOf(await search.search(query('lamp')))).toEqual(['p1']);
    await storePost(db, listing('p1', 'desk chair', 1, { lastModified: '2026-11-21T00:00:00.000Z' }));
    await storePost(db, listing('p2', 'reading lamp', 0));
    expect(idsOf(await search.search(query('lamp')))).toEqual(['p2']);
    expect(idsOf(await search.search(query('chair')))).toEqual(['p1']);
    await forgetPost(db, 'p2');
    expect(idsOf(await search.search(query('lamp')))).toEqual([]);
    await clearReadCache(db);
    expect(idsOf(await search.search(query('chair')))).toEqual([]);
  });

  it("follows a price or sold mark into the filters, and an author's new name into people", async () => {
    const db = await deviceDb();
    await storePost(db, listing('p1', 'bike', 1, { price: 500 }));
    const search = openDeviceSearch(db, scope);
    expect(idsOf(await search.search(query('bike', { maxPrice: 300 })))).toEqual([]);
    await storePost(db, listing('p1', 'bike', 1, { price: 250, lastModified: '2026-11-21T00:00:00.000Z' }));
    expect(idsOf(await search.search(query('bike', { maxPrice: 300 })))).toEqual(['p1']);
    const renamed = { ...me, firstName: 'Emma', isVerified: true, isSchoolVerified: true };
    await storePost(db, listing('p1', 'bike', 1, { isSold: true, author: renamed, lastModified: '2026-11-22T00:00' }));
    expect(idsOf(await search.search(query('bike', { available: 'true' })))).toEqual([]);
    expect(idsOf(await search.search(query('emma', { show: 'people' })))).toEqual([me.id]);
    const people = await search.search(query('emma', { show: 'people' }));
    expect(people.show === 'people' && people.users[0]?.firstName).toBe('Emma');
  });

  it('lays the outbox over the cache: a waiting delete hides, a waiting edit and a new post are found', async () => {
    const db = await deviceDb();
    await storePost(db, listing('p1', 'desk lamp', 2));
    await storePost(db, listing('p2', 'floor lamp', 3));
    const search = openDeviceSearch(db, scope);
    expect(idsOf(await search.search(query('lamp')))).toEqual(['p1', 'p2']);
    // Offline: nothing leaves the device.
    const offline = { send: () => Promise.reject(new TypeError('Failed to fetch')) };
    const outbox = createOutbox({ db, transport: offline, currentUserId: () => me.id });
    await outbox.enqueue({
      id: 'd1',
      userId: me.id,
      kind: 'post.delete',
      postId: 'p1',
      rootId: null,
      method: 'DELETE',
      path: '/api/posts/p1',
      body: null,
    });
    await outbox.enqueue({
      id: 'e1',
      userId: me.id,
      kind: 'post.update',
      postId: 'p2',
      rootId: null,
      method: 'PATCH',
      path: '/api/posts/p2',
      body: { text: plainTextToRichText('floor light') },
    });
    await outbox.enqueue({
      id: 'n1',
      userId: me.id,
      kind: 'post.create',
      postId: 'n1',
      rootId: null,
      method: 'POST',
      path: '/api/posts',
      body: { text: plainTextToRichText('Lava lamp') },
    });
    // Another student's change waiting on this device (signed out before it was sent) is not the viewer's.
    await outbox.enqueue({
      id: 'd2',
      userId: 'u9',
      kind: 'post.delete',
      postId: 'n1',
      rootId: null,
      method: 'DELETE',
      path: '/api/posts/n1',
      body: null,
    });
    expect(await outbox.drain()).toBe('offline');
    expect(idsOf(await search.search(query('lamp')))).toEqual(['n1']);
    expect(idsOf(await search.search(query('light')))).toEqual(['p2']);
  });
});
