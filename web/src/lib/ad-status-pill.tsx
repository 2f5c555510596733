import type { AdDto } from '@campus/shared/ad-api';

/** spec 3 §4: the status label, coloured by how the ad stands (running, waiting, over); My Ads and Payments. */
export function AdStatusPill({
  ad,
  className = '',
}: {
  ad: Pick<AdDto, 'status' | 'statusLabel'>;
  className?: string;
}) {
  const tone =
    ad.status === 'active'
      ? 'running'
      : ad.status === 'paused' || ad.status === 'checkout' || ad.status === 'in review' || ad.status === 'scheduled'
        ? 'waiting'
        : 'over';
  return <span className={`ad-status ad-status--${tone} ${className}`.trim()}>{ad.statusLabel}</span>;
}
