import type { AdDto } from '@campus/shared/ad-api';
import { useCallback, useEffect, useState } from 'react';
import { adsApi } from './ads-api.ts';

export type MyAdsState = { status: 'loading' } | { status: 'ready'; ads: AdDto[] } | { status: 'failed' };

/** The viewer's ads, newest first (GET /api/ads); the open ad's screen keeps its row current. */
export function useMyAds() {
  const [state, setState] = useState<MyAdsState>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    adsApi
      .list()
      .then(({ ads }) => isCurrent && setState({ status: 'ready', ads }))
      .catch(() => isCurrent && setState({ status: 'failed' }));
    return () => {
      isCurrent = false;
    };
  }, []);

  const update = useCallback((ad: AdDto) => {
    setState((current) => {
      if (current.status !== 'ready') return current;
      const old = current.ads.find((row) => row.id === ad.id);
      if (!old || (old.title === ad.title && old.status === ad.status)) return current;
      return { status: 'ready', ads: current.ads.map((row) => (row.id === ad.id ? ad : row)) };
    });
  }, []);

  const remove = useCallback((adId: string) => {
    setState((current) =>
      current.status === 'ready' ? { status: 'ready', ads: current.ads.filter((row) => row.id !== adId) } : current,
    );
  }, []);

  return { state, update, remove };
}
