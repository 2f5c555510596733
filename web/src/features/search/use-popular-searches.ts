import { useCallback, useEffect, useState } from 'react';
import { fetchPopularSearches } from './api.ts';

/** Popular searches change slowly (counted once a day per student): read again after this. */
const POPULAR_STALE_MS = 10 * 60_000;

/** This page load's copy, shared by every mount of the box (one campus per origin). */
let loaded: { texts: string[]; fetchedAt: number } | null = null;
let inFlight: Promise<void> | null = null;

/**
 * The campus's popular searches (spec 2 §7: 14 fetched; the box shows 4): fetched once per page
 * load, and again on focus when older than POPULAR_STALE_MS. A refusal or no network keeps what
 * was there (nothing, at first) and tries again on the next focus.
 */
export function usePopularSearches(isEnabled: boolean): { popular: string[]; refreshIfStale: () => void } {
  const [popular, setPopular] = useState<string[]>(() => loaded?.texts ?? []);

  const refreshIfStale = useCallback(() => {
    if (!isEnabled) return;
    if (loaded && Date.now() - loaded.fetchedAt < POPULAR_STALE_MS) {
      setPopular(loaded.texts);
      return;
    }
    inFlight ??= fetchPopularSearches()
      .then(
        (body) => {
          loaded = { texts: body.searches.map((search) => search.text), fetchedAt: Date.now() };
        },
        (error: unknown) => console.info('popular searches failed', error),
      )
      .finally(() => {
        inFlight = null;
      });
    void inFlight.then(() => setPopular(loaded?.texts ?? []));
  }, [isEnabled]);

  useEffect(() => {
    if (isEnabled) refreshIfStale();
    else setPopular([]);
  }, [isEnabled, refreshIfStale]);

  return { popular, refreshIfStale };
}
