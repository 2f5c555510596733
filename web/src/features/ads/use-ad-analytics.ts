import type { AdAnalyticsDto, AdDayViewsDto, AdDto } from '@campus/shared/ad-api';
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { adsApi } from './ads-api.ts';

/** decision 046: the figures move while the screen is open, read again this often while the tab is visible. */
const AD_POLL_MS = 5000;

export type AdAnalyticsState =
  | { status: 'loading' }
  | { status: 'ready'; ad: AdDto; analytics: AdAnalyticsDto | null; viewsPerDay: AdDayViewsDto[] }
  | { status: 'missing' }
  | { status: 'failed' };

/**
 * The ad and its analytics (GET /api/ads/:id and …/analytics), read when the
 * screen opens, every AD_POLL_MS while the tab is visible, and at once when it
 * becomes visible again. A failed read keeps what is shown; a 404 is 'missing'.
 */
export function useAdAnalytics(adId: string) {
  const [state, setState] = useState<AdAnalyticsState>({ status: 'loading' });

  const read = useCallback(async () => {
    try {
      const [{ ad }, { analytics, viewsPerDay }] = await Promise.all([adsApi.get(adId), adsApi.analytics(adId)]);
      setState({ status: 'ready', ad, analytics, viewsPerDay });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) setState({ status: 'missing' });
      else setState((current) => (current.status === 'loading' ? { status: 'failed' } : current));
    }
  }, [adId]);

  useEffect(() => {
    setState({ status: 'loading' });
    void read();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void read();
    }, AD_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [read]);

  /** After a control or a rename: the server's answer is the ad now; the figures follow at once. */
  const setAd = useCallback(
    (ad: AdDto) => {
      setState((current) => (current.status === 'ready' ? { ...current, ad } : current));
      void read();
    },
    [read],
  );

  return { state, setAd };
}
