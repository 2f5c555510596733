import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeCampus } from '../../app/campus/stored-campus.ts';
import { storeUser } from '../../app/session/stored-user.ts';
import { CACHE_OWNER_KEY, localDb } from '../../local/local-db.ts';
import { me } from '../../local/post-fixtures.ts';
import { idsOf, listing, MemoryStorage, query } from './device-search.test-helpers.ts';
import { searchOnDevice, suggestOnDevice } from './device-search.ts';

const ou = { id: 'ou', name: 'University of Oklahoma', shortName: 'OU' } as Parameters<typeof storeCampus>[0];

beforeAll(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  const db = localDb();
  await db.meta.put({ key: CACHE_OWNER_KEY, value: me.id });
  await db.feed.put({ id: 'p1', lastModified: '1', post: listing('p1', 'Trek bike', 1) });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('searchOnDevice and suggestOnDevice', () => {
  it("search the app's device copy for the signed-in viewer on this origin's campus", async () => {
    storeCampus(ou);
    storeUser(me);
    expect(idsOf(await searchOnDevice(query('bik')))).toEqual(['p1']);
    expect((await suggestOnDevice('trek')).suggestions).toEqual([{ kind: 'post', postId: 'p1', title: 'Trek bike' }]);
  });

  it('drop the index for another user or campus, and never show them this cache', async () => {
    storeCampus(ou);
    storeUser({ ...me, id: 'u9' });
    expect(idsOf(await searchOnDevice(query('bike')))).toEqual([]);
    storeUser(null);
    expect(idsOf(await searchOnDevice(query('bike')))).toEqual([]);
    storeUser(me);
    storeCampus({ ...ou, id: 'utexas' });
    expect(idsOf(await searchOnDevice(query('bike')))).toEqual([]);
    storeCampus(ou);
    expect(idsOf(await searchOnDevice(query('bike')))).toEqual(['p1']);
  });
});
