/**
 * The browser side of offline-search.bench.ts: built by Vite from the app's
 * own modules (the same code the app's lazy chunk holds) and run in a page of
 * the app's origin, over the app's Dexie database.
 */
import { searchOnDevice, suggestOnDevice } from '../../web/src/features/search/device-search.ts';
import { localDb } from '../../web/src/local/local-db.ts';
import type { CachedPosts } from './offline-search-seed.ts';

async function writeCachedPosts(cached: CachedPosts): Promise<void> {
  const db = localDb();
  await db.transaction('rw', [db.feed, db.postPages, db.saved], async () => {
    await db.feed.bulkPut(cached.feed);
    await db.postPages.bulkPut(cached.postPages);
    await db.saved.bulkPut(cached.saved);
  });
}

/** One cached post is marked sold (or back), as a change notice's read stores it (local-cache.ts storePost). */
async function changePost(id: string): Promise<void> {
  const db = localDb();
  const row = await db.feed.get(id);
  if (!row) throw new Error(`no cached post ${id}`);
  const lastModified = new Date().toISOString();
  await db.feed.put({ id, lastModified, post: { ...row.post, lastModified, isSold: !row.post.isSold } });
}

/** /saved read again: the table is cleared and written (local-cache.ts refreshSaved), a range the index re-reads whole. */
async function refreshSaved(): Promise<void> {
  const db = localDb();
  await db.transaction('rw', db.saved, async () => {
    const rows = await db.saved.toArray();
    await db.saved.clear();
    await db.saved.bulkPut(rows);
  });
}

Object.assign(globalThis, {
  offlineSearchBench: { searchOnDevice, suggestOnDevice, writeCachedPosts, changePost, refreshSaved },
});
