import type { FeedAdDto } from '@campus/shared/ad-api';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { nextAdEnd, patchFeedAdPost, placeFeedAds, readFeedAds, refreshFeedAds } from './feed-ads.ts';
import type { ApiGet } from './local-cache.ts';
import { openLocalDb } from './local-db.ts';
import { post } from './post-fixtures.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function ad(id: string, endsIn: number): FeedAdDto {
  return {
    id,
    postId: `ad-post-${id}`,
    cta: { type: 'website', url: 'https://www.example.com', label: 'Visit Website' },
    endTimeAdjusted: new Date(NOW + endsIn).toISOString(),
    status: 'active',
    post: post(`ad-post-${id}`),
  };
}

const posts = (count: number) => Array.from({ length: count }, (_, index) => `p${index + 1}`);
const shape = (items: ReturnType<typeof placeFeedAds<string>>) =>
  items.map((item) => (item.kind === 'post' ? item.post : `[${item.ad.id}]`));

describe('placing the cached ads in the feed (spec 3 §1)', () => {
  it('puts one ad after every 4th post, cycling through the ads across the pages shown', () => {
    const items = placeFeedAds(posts(25 + 15), [ad('a', HOUR), ad('b', HOUR)], NOW);
    const ads = shape(items).filter((item) => item.startsWith('['));
    expect(shape(items).slice(0, 10)).toEqual(['p1', 'p2', 'p3', 'p4', '[a]', 'p5', 'p6', 'p7', 'p8', '[b]']);
    // The first page (25) has 6 slots, the second (15) 4 more: the cycle carries on, a b a b ...
    expect(ads).toEqual(['[a]', '[b]', '[a]', '[b]', '[a]', '[b]', '[a]', '[b]', '[a]', '[b]']);
    expect(items.length).toBe(50);
  });

  it('leaves out an ad whose end has passed, as offline with only the cache', () => {
    const cached = [ad('ended', -1), ad('running', HOUR)];
    expect(shape(placeFeedAds(posts(8), cached, NOW))).toEqual([
      ...['p1', 'p2', 'p3', 'p4', '[running]'],
      ...['p5', 'p6', 'p7', 'p8', '[running]'],
    ]);
    expect(shape(placeFeedAds(posts(8), cached, NOW + HOUR))).toEqual(posts(8));
  });

  it('shows no ad slot before the 4th post and none without ads', () => {
    expect(shape(placeFeedAds(posts(3), [ad('a', HOUR)], NOW))).toEqual(posts(3));
    expect(shape(placeFeedAds(posts(8), [], NOW))).toEqual(posts(8));
  });

  it('says when the next shown ad ends, so the feed can drop it then', () => {
    expect(nextAdEnd([ad('a', 2 * HOUR), ad('b', HOUR), ad('c', -HOUR)], NOW)).toBe(NOW + HOUR);
    expect(nextAdEnd([ad('c', -HOUR)], NOW)).toBeNull();
  });
});

describe('the device copy of the feed ads', () => {
  const db = () => openLocalDb(`feed-ads-${Math.random()}`, { indexedDB, IDBKeyRange });

  it('keeps the last answer, keeps it through a failed read', async () => {
    const local = db();
    const answers = [
      { status: 200, body: { ads: [ad('a', HOUR)] } },
      { status: 500, body: { errors: [{ code: 'internal', msg: 'Something went wrong.' }] } },
    ];
    const get: ApiGet = async (path) => {
      expect(path).toBe('/api/ads/feed');
      return answers.shift() ?? { status: 500, body: null };
    };
    await refreshFeedAds(local, get);
    expect((await readFeedAds(local)).map((entry) => entry.id)).toEqual(['a']);
    await refreshFeedAds(local, get);
    expect((await readFeedAds(local)).map((entry) => entry.id)).toEqual(['a']);
  });
});

describe('a save on an ad card', () => {
  it('is kept on the cached ad post it concerns, and on no other', async () => {
    const local = openLocalDb(`feed-ads-${Math.random()}`, { indexedDB, IDBKeyRange });
    await refreshFeedAds(local, async () => ({ status: 200, body: { ads: [ad('a', HOUR), ad('b', HOUR)] } }));
    await patchFeedAdPost(local, 'ad-post-a', { isSaved: true, saveCount: 3 });
    const [first, second] = await readFeedAds(local);
    expect([first?.post.isSaved, first?.post.saveCount]).toEqual([true, 3]);
    expect(second?.post.saveCount).toBe(2);
  });
});
