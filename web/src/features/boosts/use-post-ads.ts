import type { AdDto, FeedAdDto } from '@campus/shared/ad-api';
import { isAdRunning } from '@campus/shared/ad-feed';
import { AD_IN_PROGRESS_STATUSES } from '@campus/shared/ad-rules';
import { useEffect, useState } from 'react';
import { isNetworkError } from '../../lib/api-client.ts';
import { keepFeedAds, keepOwnPostAds, readFeedAds, readOwnPostAds } from '../../local/feed-ads.ts';
import type { LocalSyncApi } from '../../local/local-sync-api.ts';
import { useLocalSyncReady } from '../../local/local-sync-context.tsx';
import { boostApi } from './boost-api.ts';

/** What the post page shows of a post's ads (spec 3 §2 Post page, decision 043). */
export interface PostAdsState {
  /** The owner's ads of this post, newest first; empty for others. */
  ownAds: AdDto[];
  /** The ad other students see running on this post (from the feed's ads). */
  runningAd: FeedAdDto | null;
  /** The read has finished, answered or not. */
  isLoaded: boolean;
  /** It answered (from the server, or offline from the device's copy): the two fields above are true. */
  isKnown: boolean;
}

const EMPTY: PostAdsState = { ownAds: [], runningAd: null, isLoaded: false, isKnown: false };
type PostAds = Pick<PostAdsState, 'ownAds' | 'runningAd'>;

const runningAdOf = (ads: readonly FeedAdDto[], postId: string) =>
  ads.find((ad) => ad.postId === postId && isAdRunning(ad, Date.now())) ?? null;

/**
 * The owner's ads of the post, kept on the device for the page offline. Kept before they are shown:
 * what the page shows online, a reload offline a moment later shows too.
 */
async function readOwnerAds(postId: string, ready: Promise<LocalSyncApi>): Promise<PostAds> {
  const { ads } = await boostApi.postAds(postId);
  await ready.then(({ db }) => keepOwnPostAds(db, postId, ads)).catch(() => undefined);
  return { ownAds: ads, runningAd: null };
}

/** The campus's running ads, kept on the device as the feed keeps them (decision 044), before they are shown. */
async function readRunningAd(postId: string, ready: Promise<LocalSyncApi>): Promise<PostAds> {
  const { ads } = await boostApi.feedAds();
  await ready.then(({ db }) => keepFeedAds(db, ads)).catch(() => undefined);
  return { ownAds: [], runningAd: runningAdOf(ads, postId) };
}

/** With no network: what the device last read (the owner's ads of the post, or the campus's running ads). */
async function readDeviceAds(postId: string, isOwner: boolean, ready: Promise<LocalSyncApi>): Promise<PostAds> {
  const { db } = await ready;
  if (isOwner) {
    const kept = await readOwnPostAds(db, postId);
    // Never read: nothing says whether the post is boosted, so no button is better than a wrong one.
    if (!kept) throw new Error('no device copy of this post’s ads');
    return { ownAds: kept, runningAd: null };
  }
  return { ownAds: [], runningAd: runningAdOf(await readFeedAds(db), postId) };
}

/**
 * The owner reads GET /api/ads?postId=; anyone else the campus's running ads
 * (GET /api/ads/feed). Offline, both come from the device's copy: a running
 * ad it holds is drawn only while `isAdRunning` (spec 3 §1), so one that
 * ended offline is not shown as running.
 */
export function usePostAds(postId: string, isOwner: boolean, isSignedIn: boolean): PostAdsState {
  const ready = useLocalSyncReady();
  const [state, setState] = useState<PostAdsState>(EMPTY);
  useEffect(() => {
    let isCurrent = true;
    setState(EMPTY);
    if (!isSignedIn) return;
    const read = isOwner ? readOwnerAds(postId, ready) : readRunningAd(postId, ready);
    read
      .catch((error: unknown) => {
        if (isNetworkError(error)) return readDeviceAds(postId, isOwner, ready);
        throw error;
      })
      .then((next) => isCurrent && setState({ ...next, isLoaded: true, isKnown: true }))
      // The owner's ads refused, or offline with no copy: no ad controls rather than wrong ones. For others
      // no answer means no running ad to draw, so the page offers Send Message as for any post.
      .catch(() => isCurrent && setState({ ...EMPTY, isLoaded: true, isKnown: !isOwner }));
    return () => {
      isCurrent = false;
    };
  }, [postId, isOwner, isSignedIn, ready]);
  return state;
}

/** spec 3 §2: an ad in progress (active, paused, scheduled, in review) makes the post already boosted. */
export function adInProgress(ads: AdDto[]): AdDto | null {
  return ads.find((ad) => AD_IN_PROGRESS_STATUSES.includes(ad.status)) ?? null;
}
