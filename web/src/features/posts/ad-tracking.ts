import type { AnalyticsAction } from '@campus/shared/ad-rules';
import { apiExchange, isNetworkError } from '../../lib/api-client.ts';

/** A new page view's id (spec 3 §7: each action counts once per post per page view). */
export function newPageViewId(): string {
  return crypto.randomUUID();
}

const sent = new Set<string>();

/**
 * trackPostAnalytics (spec 3 §7, decision 044): fire and forget, once per
 * post, action and page view. Offline it waits for the network once; the
 * server counts a late or repeated one once (pageViewId).
 */
export function trackAdAction(postId: string, actionType: AnalyticsAction, pageViewId: string): void {
  const key = `${pageViewId} ${postId} ${actionType}`;
  if (sent.has(key)) return;
  sent.add(key);
  const send = () =>
    apiExchange(`/api/posts/${encodeURIComponent(postId)}/analytics`, {
      method: 'POST',
      json: { actionType, pageViewId },
      keepalive: true,
    });
  send().catch((error: unknown) => {
    if (isNetworkError(error)) addEventListener('online', () => void send().catch(() => undefined), { once: true });
  });
}
