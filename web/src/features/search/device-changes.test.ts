import { describe, expect, it } from 'vitest';
import { CACHE_OWNER_KEY } from '../../local/local-db.ts';
import { followChanges } from './device-changes.ts';
import { deviceDb, listing } from './device-search.test-helpers.ts';

describe("following the device copy's writes", () => {
  it('names the posts written, a cleared table, the outbox and an owner written, and nothing else', async () => {
    const db = await deviceDb();
    const other = await deviceDb();
    const changes = followChanges(db);
    const post = listing('p1', 'lamp', 1);
    await db.feed.put({ id: 'p1', lastModified: post.lastModified, post });
    await db.saved.delete('p2');
    await other.feed.put({ id: 'p3', lastModified: post.lastModified, post });
    await db.meta.put({ key: 'sync-cursor', value: 12 });
    expect(changes.take()).toEqual({
      postIds: new Set(['p1', 'p2']),
      isEverything: false,
      isOutboxChanged: false,
      isOwnerChanged: false,
    });
    await db.meta.put({ key: CACHE_OWNER_KEY, value: 'u2' });
    await db.postPages.clear();
    expect(changes.take()).toMatchObject({ isEverything: true, isOwnerChanged: true, isOutboxChanged: false });
    changes.stop();
    await db.feed.put({ id: 'p4', lastModified: post.lastModified, post });
    expect(changes.take().postIds.size).toBe(0);
  });
});
