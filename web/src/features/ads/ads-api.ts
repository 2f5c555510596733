import type { AdAnalyticsResponse, AdListResponse, AdResponse } from '@campus/shared/ad-api';
import { apiExchange, apiRequest } from '../../lib/api-client.ts';

export type AdControl = 'pause' | 'resume' | 'stop';

const adPath = (adId: string) => `/api/ads/${encodeURIComponent(adId)}`;

/** The My Ads calls (spec 3 §7, decision 046), one place for their paths. */
export const adsApi = {
  list: () => apiRequest<AdListResponse>('/api/ads'),
  get: (adId: string) => apiRequest<AdResponse>(adPath(adId)),
  analytics: (adId: string) => apiRequest<AdAnalyticsResponse>(`${adPath(adId)}/analytics`),
  rename: (adId: string, title: string) => apiExchange(adPath(adId), { method: 'PATCH', json: { title } }),
  control: (adId: string, control: AdControl) => apiExchange(`${adPath(adId)}/${control}`, { method: 'POST' }),
  remove: (adId: string) => apiExchange(adPath(adId), { method: 'DELETE' }),
};
