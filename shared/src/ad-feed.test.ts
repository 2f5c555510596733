import { describe, expect, it } from 'vitest';
import { interleaveAds, isAdRunning } from './ad-feed.ts';

const posts = Array.from({ length: 10 }, (_, index) => `p${index + 1}`);

function shape(items: ReturnType<typeof interleaveAds<string, string>>): string[] {
  return items.map((item) => (item.kind === 'post' ? item.post : `AD:${item.ad}`));
}

describe('ads in the feed (spec 3 §1)', () => {
  it('puts one ad after every 4th post, cycling through the ads', () => {
    expect(shape(interleaveAds(posts, ['a', 'b']))).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'AD:a',
      'p5',
      'p6',
      'p7',
      'p8',
      'AD:b',
      'p9',
      'p10',
    ]);
    expect(shape(interleaveAds(posts.slice(0, 8), ['a']))).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
      'AD:a',
      'p5',
      'p6',
      'p7',
      'p8',
      'AD:a',
    ]);
  });

  it('goes on cycling on the next page, and leaves a feed without ads alone', () => {
    expect(shape(interleaveAds(['p9', 'p10', 'p11', 'p12'], ['a', 'b', 'c'], 2))).toEqual([
      'p9',
      'p10',
      'p11',
      'p12',
      'AD:c',
    ]);
    expect(shape(interleaveAds(posts, []))).toEqual(posts);
  });

  it('shows only active ads whose end is still ahead', () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    expect(isAdRunning({ status: 'active', endTimeAdjusted: '2026-12-01T12:00:01.000Z' }, now)).toBe(true);
    expect(isAdRunning({ status: 'active', endTimeAdjusted: '2026-12-01T12:00:00.000Z' }, now)).toBe(false);
    expect(isAdRunning({ status: 'paused', endTimeAdjusted: '2026-12-02T12:00:00.000Z' }, now)).toBe(false);
    expect(isAdRunning({ status: 'active', endTimeAdjusted: null }, now)).toBe(false);
  });
});
