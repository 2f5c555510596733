import type { AnalyticsAction } from '@campus/shared/ad-rules';
import { useState } from 'react';
import { apiExchange, isNetworkError } from '../../lib/api-client.ts';

/** A new page view's id (spec 3 §7: each action counts once per post per page view). */
export function newPageViewId(): string {
  return crypto.randomUUID();
}

/** A page view's id that is new whenever `key` (the post opened) changes: React's adjust-state-in-render pattern. */
export function usePageViewId(key: string): string {
  const [view, setView] = useState(() => ({ key, id: newPageViewId() }));
  if (view.key === key) return view.id;
  const next = { key, id: newPageViewId() };
  setView(next);
  return next.id;
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
