import type { FeedAdDto } from '@campus/shared/ad-api';
import type { PostDto } from '@campus/shared/post-api';
import { useCallback, useEffect, useState } from 'react';
import { nextAdEnd, patchFeedAdPost, placeFeedAds, readFeedAds, refreshFeedAds } from '../../local/feed-ads.ts';
import { useLocalSyncIfReady } from '../../local/local-sync-context.tsx';
import { useLiveQuery } from '../../local/use-live-query.ts';

const NO_ADS: FeedAdDto[] = [];

/**
 * The feed's posts with the campus's running ads placed among them (spec 3 §1,
 * decision 044): read from the server with the feed, kept on the device, and
 * shown from there; when a shown ad's end comes, the feed is placed again
 * without it, offline too.
 */
export function useFeedAds<Post extends { id: string }>(posts: readonly Post[]) {
  // Null until the local runtime (Dexie) has loaded, just after the first paint.
  const local = useLocalSyncIfReady();
  const db = local?.db;
  const get = local?.get;
  const ads = useLiveQuery(() => (db ? readFeedAds(db) : Promise.resolve(NO_ADS)), [db]) ?? NO_ADS;
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (db && get) refreshFeedAds(db, get).catch(() => undefined); // offline: the cached ads stay
  }, [db, get]);

  useEffect(() => {
    const end = nextAdEnd(ads, now);
    if (end === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(end - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [ads, now]);

  const updateAdPost = useCallback(
    (postId: string, patch: Partial<PostDto>) => void (db && patchFeedAdPost(db, postId, patch)),
    [db],
  );
  // An ad's key is the post before it: the same ad comes back further down as the cycle goes round.
  let before = '';
  const items = placeFeedAds(posts, ads, now).map((item) => {
    if (item.kind === 'post') before = item.post.id;
    return { ...item, key: item.kind === 'post' ? item.post.id : `ad-after-${before}` };
  });
  return { items, updateAdPost };
}
