import { describe, expect, it } from 'vitest';
import { me } from '../../local/post-fixtures.ts';
import { deviceDb, idsOf, listing, query, scope } from './device-search.test-helpers.ts';
import { openDeviceSearch } from './device-search-engine.ts';

const student = { ...me, id: 'u2', firstName: 'Marcus', lastName: 'Lee', username: 'mlee', img: null };
const author = { ...student, isVerified: true, isSchoolVerified: true };

async function searchOver(posts: ReturnType<typeof listing>[]) {
  const db = await deviceDb();
  await db.feed.bulkPut(posts.map((post) => ({ id: post.id, lastModified: post.lastModified, post })));
  return openDeviceSearch(db, scope);
}

describe('searching the device copy as the server searches', () => {
  it('finds by a word, a prefix and one typo, every word having to match', async () => {
    const search = await searchOver([
      listing('bike', 'Trek folding bike\nRides well', 1),
      listing('kayak', 'Coleman kayak with paddle', 2),
      listing('desk', 'Ikea standing desk', 3),
    ]);
    expect(idsOf(await search.search(query('bike')))).toEqual(['bike']);
    expect(idsOf(await search.search(query('bik')))).toEqual(['bike']);
    expect(idsOf(await search.search(query('kayek')))).toEqual(['kayak']);
    expect(idsOf(await search.search(query('trek desk')))).toEqual([]);
    expect(idsOf(await search.search(query('IKEA Stand')))).toEqual(['desk']);
    expect(idsOf(await search.search(query('emily')))).toEqual(['bike', 'kayak', 'desk']);
  });

  it('answers an empty query with an empty page, as the server does', async () => {
    const search = await searchOver([listing('bike', 'bike', 1)]);
    expect(await search.search(query('   '))).toEqual({ show: 'latest', q: '', posts: [], nextPage: null });
    expect(await search.search(query('', { show: 'people' }))).toEqual({
      show: 'people',
      q: '',
      users: [],
      nextPage: null,
    });
  });

  it('filters by category, price range, available only and the media tab', async () => {
    const photo = {
      id: 'm1',
      kind: 'image' as const,
      url: '/m',
      thumbUrl: '/m',
      width: 1,
      height: 1,
      placeholder: null,
    };
    const search = await searchOver([
      listing('cheap', 'bike cheap', 1, { price: 40, category: 'sports & outdoors' }),
      listing('dear', 'bike dear', 2, { price: 900, category: 'sports & outdoors' }),
      listing('sold', 'bike sold', 3, { price: 100, category: 'sports & outdoors', isSold: true }),
      listing('free', 'bike free', 4, { price: null, category: null, media: [photo] }),
    ]);
    expect(idsOf(await search.search(query('bike', { maxPrice: 300 })))).toEqual(['cheap', 'sold']);
    expect(idsOf(await search.search(query('bike', { minPrice: 100 })))).toEqual(['dear', 'sold']);
    expect(idsOf(await search.search(query('bike', { maxPrice: 300, available: 'true' })))).toEqual(['cheap']);
    expect(idsOf(await search.search(query('bike', { category: 'sports & outdoors' })))).toEqual([
      'cheap',
      'dear',
      'sold',
    ]);
    expect(idsOf(await search.search(query('bike', { show: 'media' })))).toEqual(['free']);
  });

  it('sorts newest first or by price, unpriced posts last', async () => {
    const search = await searchOver([
      listing('a', 'lamp', 1, { price: 30 }),
      listing('b', 'lamp', 2, { price: null }),
      listing('c', 'lamp', 3, { price: 10 }),
      listing('d', 'lamp', 4, { price: 30 }),
    ]);
    expect(idsOf(await search.search(query('lamp')))).toEqual(['a', 'b', 'c', 'd']);
    expect(idsOf(await search.search(query('lamp', { sort: 'price-asc' })))).toEqual(['c', 'a', 'd', 'b']);
    expect(idsOf(await search.search(query('lamp', { sort: 'price-desc' })))).toEqual(['a', 'd', 'c', 'b']);
  });

  it('pages by 10 with the next page, null at the end', async () => {
    const search = await searchOver(Array.from({ length: 23 }, (_, index) => listing(`p${index}`, 'chair', index)));
    const first = await search.search(query('chair'));
    expect(idsOf(first)).toEqual(Array.from({ length: 10 }, (_, index) => `p${index}`));
    expect(first.nextPage).toBe(1);
    const last = await search.search(query('chair', { page: 2 }));
    expect(idsOf(last)).toEqual(['p20', 'p21', 'p22']);
    expect(last.nextPage).toBeNull();
  });

  it('finds the school-verified authors of the cached posts by name and username', async () => {
    const search = await searchOver([
      listing('mine', 'lamp', 1),
      listing('theirs', 'desk', 2, { author }),
      listing('unverified', 'rug', 3, { author: { ...author, id: 'u3', firstName: 'Mara', isSchoolVerified: false } }),
    ]);
    expect(idsOf(await search.search(query('mar', { show: 'people' })))).toEqual(['u2']);
    expect(idsOf(await search.search(query('mlee', { show: 'people' })))).toEqual(['u2']);
    expect(idsOf(await search.search(query('emily c', { show: 'people' })))).toEqual(['u1']);
    // A post found by its author's name, as on the server.
    expect(idsOf(await search.search(query('marcus')))).toEqual(['theirs']);
  });

  it('suggests the newest posts by their first line, then people, five at most', async () => {
    const search = await searchOver([
      listing('new', 'Mini fridge\nCold', 1),
      listing('old', 'Mini lamp', 2, { author: { ...author, firstName: 'Minh' } }),
      ...Array.from({ length: 6 }, (_, index) => listing(`m${index}`, `minimal desk ${index}`, 10 + index)),
    ]);
    const { suggestions } = await search.suggest('mini');
    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toEqual({ kind: 'post', postId: 'new', title: 'Mini fridge' });
    const people = await search.suggest('minh');
    expect(people.suggestions.map((line) => (line.kind === 'person' ? line.user.id : line.postId))).toEqual([
      'old',
      'u2',
    ]);
    expect((await search.suggest(' ')).suggestions).toEqual([]);
  });
});
