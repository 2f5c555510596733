import type { AdDto } from '@campus/shared/ad-api';
import { AD_IN_PROGRESS_STATUSES } from '@campus/shared/ad-rules';

/** What the owner sees of a post's ads (spec 3 §2 Post page). */
export type OwnerAdView =
  | { kind: 'analytics'; adId: string; label: 'Boosted' | 'Ad Paused' | null }
  | { kind: 'boost'; text: 'Boost for $5' | 'Boost Again' };

/**
 * `ads` newest first (GET /api/ads?postId=). An ad in progress → View
 * Analytics ('Boosted' when active, 'Ad Paused' when paused); else Boost Again
 * when the latest paid ad is stopped or completed (an unpaid checkout left
 * behind does not count: decision 043); else Boost for $5.
 */
export function ownerAdView(ads: readonly AdDto[]): OwnerAdView {
  const current = ads.find((ad) => AD_IN_PROGRESS_STATUSES.includes(ad.status));
  if (current) {
    const label = current.status === 'active' ? 'Boosted' : current.status === 'paused' ? 'Ad Paused' : null;
    return { kind: 'analytics', adId: current.id, label };
  }
  const latest = ads.find((ad) => ad.status !== 'checkout');
  const isOver = latest?.status === 'stopped' || latest?.status === 'completed';
  return { kind: 'boost', text: isOver ? 'Boost Again' : 'Boost for $5' };
}
