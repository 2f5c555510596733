import type { AdListResponse, AdResponse, FeedAdsResponse, FundsResponse } from '@campus/shared/ad-api';
import type { CreateAdRequest } from '@campus/shared/ad-requests';
import { apiExchange, apiRequest } from '../../lib/api-client.ts';

/** The boost calls of decision 041 (spec 3 §7), one place for their paths. */
export const boostApi = {
  postAds: (postId: string) => apiRequest<AdListResponse>(`/api/ads?${new URLSearchParams({ postId })}`),
  feedAds: () => apiRequest<FeedAdsResponse>('/api/ads/feed'),
  funds: () => apiRequest<FundsResponse>('/api/ads/funds'),
  create: (request: CreateAdRequest) => apiExchange('/api/ads', { method: 'POST', json: request }),
  confirm: (sessionId: string) =>
    apiRequest<AdResponse>(`/api/ads/checkout/${encodeURIComponent(sessionId)}/confirm`, { method: 'POST' }),
  cancel: (sessionId: string) =>
    apiExchange(`/api/ads/checkout/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
};
