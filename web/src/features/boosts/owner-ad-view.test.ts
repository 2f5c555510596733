import type { AdDto } from '@campus/shared/ad-api';
import type { AdStatus } from '@campus/shared/ad-rules';
import { describe, expect, it } from 'vitest';
import { ownerAdView } from './owner-ad-view.ts';

function ad(id: string, status: AdStatus): AdDto {
  return { id, status } as AdDto;
}

describe('ownerAdView (spec 3 §2 Post page, owner)', () => {
  it('offers Boost for $5 when the post has no ad, only an unpaid checkout, or a rejected one', () => {
    expect(ownerAdView([])).toEqual({ kind: 'boost', text: 'Boost for $5' });
    expect(ownerAdView([ad('a', 'checkout')])).toEqual({ kind: 'boost', text: 'Boost for $5' });
    expect(ownerAdView([ad('a', 'rejected')])).toEqual({ kind: 'boost', text: 'Boost for $5' });
  });

  it('offers Boost Again when the latest paid ad is stopped or completed, past an abandoned checkout', () => {
    expect(ownerAdView([ad('a', 'stopped')])).toEqual({ kind: 'boost', text: 'Boost Again' });
    expect(ownerAdView([ad('b', 'checkout'), ad('a', 'completed')])).toEqual({ kind: 'boost', text: 'Boost Again' });
    expect(ownerAdView([ad('b', 'rejected'), ad('a', 'completed')])).toEqual({ kind: 'boost', text: 'Boost for $5' });
  });

  it('shows View Analytics for an ad in progress, labelled Boosted when active and Ad Paused when paused', () => {
    expect(ownerAdView([ad('b', 'active'), ad('a', 'stopped')])).toEqual({
      kind: 'analytics',
      adId: 'b',
      label: 'Boosted',
    });
    expect(ownerAdView([ad('c', 'checkout'), ad('b', 'paused')])).toEqual({
      kind: 'analytics',
      adId: 'b',
      label: 'Ad Paused',
    });
    expect(ownerAdView([ad('b', 'in review')])).toEqual({ kind: 'analytics', adId: 'b', label: null });
    expect(ownerAdView([ad('b', 'scheduled')])).toEqual({ kind: 'analytics', adId: 'b', label: null });
  });
});
