import type { AdDto, FeedAdDto } from '@campus/shared/ad-api';
import { isAdRunning } from '@campus/shared/ad-feed';
import { AD_IN_PROGRESS_STATUSES } from '@campus/shared/ad-rules';
import { useEffect, useState } from 'react';

import { boostApi } from './boost-api.ts';

/** What the post page shows of a post's ads (spec 3 §2 Post page, decision 043). */
export interface PostAdsState {
  /** The owner's ads of this post, newest first; empty for others. */
  ownAds: AdDto[];
  /** The ad other students see running on this post (from the feed's ads). */
  runningAd: FeedAdDto | null;
  isLoaded: boolean;
}

const EMPTY: PostAdsState = { ownAds: [], runningAd: null, isLoaded: false };

/** The owner reads GET /api/ads?postId=; anyone else the campus's running ads (GET /api/ads/feed). */
export function usePostAds(postId: string, isOwner: boolean, isSignedIn: boolean): PostAdsState {
  const [state, setState] = useState<PostAdsState>(EMPTY);
  useEffect(() => {
    let isCurrent = true;
    setState(EMPTY);
    if (!isSignedIn) return;
    const read = isOwner
      ? boostApi.postAds(postId).then(({ ads }) => ({ ownAds: ads, runningAd: null }))
      : boostApi.feedAds().then(({ ads }) => ({
          ownAds: [],
          runningAd: ads.find((ad) => ad.postId === postId && isAdRunning(ad, Date.now())) ?? null,
        }));
    // Offline or refused: the page shows no ad controls rather than wrong ones.
    read
      .then((next) => isCurrent && setState({ ...next, isLoaded: true }))
      .catch(() => isCurrent && setState({ ...EMPTY, isLoaded: true }));
    return () => {
      isCurrent = false;
    };
  }, [postId, isOwner, isSignedIn]);
  return state;
}

/** spec 3 §2: an ad in progress (active, paused, scheduled, in review) makes the post already boosted. */
export function adInProgress(ads: AdDto[]): AdDto | null {
  return ads.find((ad) => AD_IN_PROGRESS_STATUSES.includes(ad.status)) ?? null;
}
