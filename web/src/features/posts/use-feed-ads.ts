import type { FeedAdDto } from '@campus/shared/ad-api';
import { useEffect, useState } from 'react';
import { nextAdEnd, placeFeedAds, readFeedAds, refreshFeedAds } from '../../local/feed-ads.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { useLiveQuery } from '../../local/use-live-query.ts';

const NO_ADS: FeedAdDto[] = [];

/**
 * The feed's posts with the campus's running ads placed among them (spec 3 §1,
 * decision 044): read from the server with the feed, kept on the device, and
 * shown from there; when a shown ad's end comes, the feed is placed again
 * without it, offline too.
 */
export function useFeedAds<Post>(posts: readonly Post[]) {
  const { db, get } = useLocalSync();
  const ads = useLiveQuery(() => readFeedAds(db), [db]) ?? NO_ADS;
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    refreshFeedAds(db, get).catch(() => undefined); // offline: the cached ads stay
  }, [db, get]);

  useEffect(() => {
    const end = nextAdEnd(ads, now);
    if (end === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(end - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [ads, now]);

  return placeFeedAds(posts, ads, now);
}
