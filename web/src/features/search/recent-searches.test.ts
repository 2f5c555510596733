import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type LocalDb, openLocalDb } from '../../local/local-db.ts';
import {
  addRecentSearch,
  clearRecentSearches,
  listRecentSearches,
  RECENT_SEARCHES_KEPT,
  recentSearchOwner,
  removeRecentSearch,
} from './recent-searches.ts';

let dbCount = 0;
function freshDb(): LocalDb {
  dbCount += 1;
  return openLocalDb(`recent-searches-test-${dbCount}`, { indexedDB, IDBKeyRange });
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute));
const texts = async (db: LocalDb, owner: string) => (await listRecentSearches(db, owner)).map((row) => row.text);

describe("the header box's recent searches on the device (decision 038)", () => {
  it('lists newest first, and a search made again moves up instead of showing twice', async () => {
    const db = freshDb();
    await addRecentSearch(db, 'ana', 'bike', at(1));
    await addRecentSearch(db, 'ana', 'desk', at(2));
    await addRecentSearch(db, 'ana', '  Bike  ', at(3));
    expect(await texts(db, 'ana')).toEqual(['Bike', 'desk']);
    await addRecentSearch(db, 'ana', 'mini   fridge', at(4));
    expect(await texts(db, 'ana')).toEqual(['mini fridge', 'Bike', 'desk']);
    db.close();
  });

  it(`keeps the newest ${RECENT_SEARCHES_KEPT} and ignores empty words`, async () => {
    const db = freshDb();
    for (let minute = 0; minute < RECENT_SEARCHES_KEPT + 3; minute++)
      await addRecentSearch(db, 'ana', `item ${minute}`, at(minute));
    await addRecentSearch(db, 'ana', '   ', at(59));
    const kept = await texts(db, 'ana');
    expect(kept).toHaveLength(RECENT_SEARCHES_KEPT);
    expect(kept[0]).toBe(`item ${RECENT_SEARCHES_KEPT + 2}`);
    expect(kept.at(-1)).toBe('item 3');
    expect(await db.recentSearches.count()).toBe(RECENT_SEARCHES_KEPT);
    db.close();
  });

  it("belongs to its user: another student's or a visitor's searches are not listed, removed or cleared", async () => {
    const db = freshDb();
    const visitor = recentSearchOwner(null);
    await addRecentSearch(db, 'ana', 'bike', at(1));
    await addRecentSearch(db, 'ana', 'lamp', at(2));
    await addRecentSearch(db, 'ben', 'bike', at(3));
    await addRecentSearch(db, visitor, 'chair', at(4));
    expect(await texts(db, 'ben')).toEqual(['bike']);
    expect(await texts(db, visitor)).toEqual(['chair']);

    await removeRecentSearch(db, 'ana', 'bike');
    expect(await texts(db, 'ana')).toEqual(['lamp']);
    expect(await texts(db, 'ben')).toEqual(['bike']);

    await clearRecentSearches(db, 'ana');
    expect(await texts(db, 'ana')).toEqual([]);
    expect(await texts(db, 'ben')).toEqual(['bike']);
    expect(await texts(db, visitor)).toEqual(['chair']);
    db.close();
  });
});
