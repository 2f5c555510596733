/**
 * Ads in the feed (spec 3 §1, §7; decision 040): the one rule the server's
 * answer and the device's cached feed both follow.
 */
import { AD_LIMITS } from './ad-rules.ts';

/** spec 3 §1: only active ads whose end_time_adjusted is in the future are shown (an ad that ended offline is not). */
export function isAdRunning(ad: { status: string; endTimeAdjusted: string | null }, now: number): boolean {
  return ad.status === 'active' && ad.endTimeAdjusted !== null && Date.parse(ad.endTimeAdjusted) > now;
}

export type FeedItem<Post, Ad> = { kind: 'post'; post: Post } | { kind: 'ad'; ad: Ad };

/**
 * spec 3 §1: one ad after every 4th post, cycling through the ads. `firstSlot`
 * is how many ad slots the pages before this one had (posts before it / 4),
 * so the cycle goes on across pages instead of starting again.
 */
export function interleaveAds<Post, Ad>(
  posts: readonly Post[],
  ads: readonly Ad[],
  firstSlot = 0,
): FeedItem<Post, Ad>[] {
  const items: FeedItem<Post, Ad>[] = [];
  let slot = firstSlot;
  posts.forEach((post, index) => {
    items.push({ kind: 'post', post });
    const ad = ads[slot % Math.max(ads.length, 1)];
    if ((index + 1) % AD_LIMITS.postsBetweenAds === 0 && ad !== undefined) {
      items.push({ kind: 'ad', ad });
      slot++;
    }
  });
  return items;
}
