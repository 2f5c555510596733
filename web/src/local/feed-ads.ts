import type { AdDto, FeedAdDto, FeedAdsResponse } from '@campus/shared/ad-api';
import { interleaveAds, isAdRunning } from '@campus/shared/ad-feed';
import type { PostDto } from '@campus/shared/post-api';
import type { ApiGet } from './local-cache.ts';
import type { LocalDb } from './local-db.ts';

/** The `meta` row holding the campus's running ads as last read (decision 044); cleared with the read cache. */
const FEED_ADS_KEY = 'feed-ads';
const FEED_ADS_PATH = '/api/ads/feed';

/** Reads the running ads with the feed and keeps them on the device; an answer that is not ads keeps the cached ones. */
export async function refreshFeedAds(db: LocalDb, get: ApiGet): Promise<void> {
  const answer = await get(FEED_ADS_PATH);
  if (answer.status >= 300) return;
  await keepFeedAds(db, (answer.body as FeedAdsResponse).ads);
}

export async function keepFeedAds(db: LocalDb, ads: readonly FeedAdDto[]): Promise<void> {
  await db.meta.put({ key: FEED_ADS_KEY, value: ads });
}

export async function readFeedAds(db: LocalDb): Promise<FeedAdDto[]> {
  return ((await db.meta.get(FEED_ADS_KEY))?.value as FeedAdDto[] | undefined) ?? [];
}

/** A change the viewer made to a post (a save) on the ad cards showing it too. */
export async function patchFeedAdPost(db: LocalDb, postId: string, patch: Partial<PostDto>): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const ads = await readFeedAds(db);
    if (!ads.some((ad) => ad.postId === postId)) return;
    const value = ads.map((ad) => (ad.postId === postId ? { ...ad, post: { ...ad.post, ...patch } } : ad));
    await db.meta.put({ key: FEED_ADS_KEY, value });
  });
}

/**
 * The feed as shown (spec 3 §1): the cached ads still running at `now`, one
 * after every 4th post, cycling; the list holds every page shown, so the
 * cycle carries on across pages. An ad whose end passed offline is left out.
 */
export function placeFeedAds<Post>(posts: readonly Post[], ads: readonly FeedAdDto[], now: number) {
  return interleaveAds(
    posts,
    ads.filter((ad) => isAdRunning(ad, now)),
  );
}

/** When the next of these ads stops running (the feed shows itself again then), or null. */
export function nextAdEnd(ads: readonly FeedAdDto[], now: number): number | null {
  const ends = ads.map((ad) => Date.parse(ad.endTimeAdjusted)).filter((end) => end > now);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/** The owner's ads of one post as last read (decision 043): the post page's buttons offline. */
const ownPostAdsKey = (postId: string) => `own-post-ads:${postId}`;

export async function keepOwnPostAds(db: LocalDb, postId: string, ads: readonly AdDto[]): Promise<void> {
  await db.meta.put({ key: ownPostAdsKey(postId), value: ads });
}

export async function readOwnPostAds(db: LocalDb, postId: string): Promise<AdDto[] | null> {
  return ((await db.meta.get(ownPostAdsKey(postId)))?.value as AdDto[] | undefined) ?? null;
}
