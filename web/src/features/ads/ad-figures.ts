import type { AdAnalyticsDto } from '@campus/shared/ad-api';

/** spec 3 §2 Ad analytics: the six figures, in the spec's order, with their labels. */
export const AD_FIGURES: readonly { key: keyof AdAnalyticsDto; label: string }[] = [
  { key: 'views', label: 'Views' },
  { key: 'accountsReached', label: 'Accounts Reached' },
  { key: 'directMessages', label: 'Direct Messages' },
  { key: 'copiedLink', label: 'Copied Link' },
  { key: 'externalLinkClicks', label: 'External Link Clicks' },
  { key: 'profileVisits', label: 'Profile Visits' },
];

/** A figure as shown: "--" while the ad is unpaid (no analytics), else the count with thousands separators. */
export function formatFigure(analytics: AdAnalyticsDto | null, key: keyof AdAnalyticsDto): string {
  if (!analytics) return '--';
  return analytics[key].toLocaleString('en-US');
}

/** The row's date: 'Nov 25, 2026'. */
export function formatAdDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
