import type { PushKeyDto, PushSubscriptionDto } from '@campus/shared/push-api';
import type { PushSubscriptionRequest, RemovePushSubscriptionRequest } from '@campus/shared/push-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** Web push calls (decision 034): the server's VAPID key, and this device's subscription. */
export function fetchPushKey(): Promise<PushKeyDto> {
  return apiRequest<PushKeyDto>('/api/push/key');
}

export function savePushSubscription(request: PushSubscriptionRequest): Promise<PushSubscriptionDto> {
  return apiRequest<PushSubscriptionDto>('/api/push/subscriptions', { method: 'POST', json: request });
}

export async function removePushSubscription(endpoint: string): Promise<void> {
  const request: RemovePushSubscriptionRequest = { endpoint };
  await apiRequest<null>('/api/push/subscriptions', { method: 'DELETE', json: request });
}
