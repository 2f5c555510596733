import { Dexie } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openLocalDb, SHIPPED_STORES } from './local-db.ts';

/** A post or comment as a version-2 device cached it, before `likeCount` became `saveCount`. */
function cachedV2(id: string, likeCount: number, extra: object = {}) {
  return { id, likeCount, commentCount: 0, ...extra };
}

/** Writes rows with the version-2 schema, as a device on the previous release left them. */
async function seedVersion2(name: string) {
  const old = new Dexie(name, { indexedDB, IDBKeyRange });
  old.version(1).stores(SHIPPED_STORES[1]);
  old.version(2).stores(SHIPPED_STORES[2]);
  await old.table('feed').put({ id: 'a', lastModified: '2026-11-20T10:00:00.000Z', post: cachedV2('a', 3) });
  await old.table('saved').put({ id: 'b', savedAt: '2026-11-20T10:00:00.000Z', post: cachedV2('b', 1) });
  const reply = cachedV2('r', 2, { replies: [] });
  await old.table('postPages').put({
    id: 'a',
    fetchedAt: 1,
    page: { post: cachedV2('a', 3), thread: [cachedV2('c', 0, { replies: [reply] })], isSaved: true, isOwner: false },
  });
  old.close();
}

describe('the device store, version 3 (issue 20: likeCount is saveCount)', () => {
  it("renames the cached posts' and comments' likeCount to saveCount, keeping the counts", async () => {
    const name = `upgrade-${Math.random()}`;
    await seedVersion2(name);
    const db = openLocalDb(name, { indexedDB, IDBKeyRange });
    const feed = await db.feed.get('a');
    const saved = await db.saved.get('b');
    const page = await db.postPages.get('a');
    expect(feed?.post).toMatchObject({ saveCount: 3 });
    expect(feed?.post).not.toHaveProperty('likeCount');
    expect(saved?.post).toMatchObject({ saveCount: 1 });
    expect(page?.page.post).toMatchObject({ saveCount: 3 });
    expect(page?.page.thread[0]).toMatchObject({ saveCount: 0, replies: [{ id: 'r', saveCount: 2 }] });
    expect(page?.page.thread[0]?.replies[0]).not.toHaveProperty('likeCount');
    db.close();
  });
});

describe('the device store, version 5 (issue 21: notifications by updatedAt)', () => {
  it('keeps /notifications rows newest-changed first', async () => {
    const name = `upgrade-${Math.random()}`;
    await seedVersion2(name);
    const db = openLocalDb(name, { indexedDB, IDBKeyRange });
    const row = (id: string, updatedAt: string) => ({ id, updatedAt, notification: { id, updatedAt } as never });
    await db.notifications.bulkPut([
      row('a', '2026-11-24T10:00:00.000Z'),
      row('b', '2026-11-24T12:00:00.000Z'),
      row('c', '2026-11-24T11:00:00.000Z'),
    ]);
    const ids = (await db.notifications.orderBy('updatedAt').reverse().toArray()).map((entry) => entry.id);
    expect(ids).toEqual(['b', 'c', 'a']);
    expect(db.verno).toBeGreaterThanOrEqual(5);
    db.close();
  });
});

describe('the device store, version 7 (issue 22: a recent search belongs to its user)', () => {
  /** A version-5 device: recent searches keyed by their text alone, and the owner in `meta`. */
  async function seedVersion5(name: string, owner: string | null) {
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores(SHIPPED_STORES[1]);
    old.version(2).stores(SHIPPED_STORES[2]);
    old.version(4).stores({ chatPhotos: null });
    old.version(5).stores({ notifications: 'id, updatedAt' });
    await old.table('recentSearches').bulkPut([
      { text: 'bike', searchedAt: '2026-11-20T10:00:00.000Z' },
      { text: 'desk', searchedAt: '2026-11-21T10:00:00.000Z' },
    ]);
    if (owner) await old.table('meta').put({ key: 'owner', value: owner });
    old.close();
  }

  it("gives the rows to the device's owner, keyed [userId+text]", async () => {
    const name = `upgrade-${Math.random()}`;
    await seedVersion5(name, 'ana');
    const db = openLocalDb(name, { indexedDB, IDBKeyRange });
    expect(await db.recentSearches.get(['ana', 'desk'])).toEqual({
      userId: 'ana',
      text: 'desk',
      searchedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(await db.recentSearches.count()).toBe(2);
    await db.recentSearches.put({ userId: 'ben', text: 'desk', searchedAt: '2026-11-25T10:00:00.000Z' });
    expect(await db.recentSearches.count()).toBe(3);
    expect(db.verno).toBe(7);
    db.close();
  });

  it('drops the rows of a device nobody was signed in on', async () => {
    const name = `upgrade-${Math.random()}`;
    await seedVersion5(name, null);
    const db = openLocalDb(name, { indexedDB, IDBKeyRange });
    expect(await db.recentSearches.count()).toBe(0);
    db.close();
  });
});
