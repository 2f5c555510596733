import type { AdDto } from '@campus/shared/ad-api';

/** spec 3 §4: the status label, coloured by how the ad stands (running, waiting, over). */
export function AdStatusPill({ ad }: { ad: Pick<AdDto, 'status' | 'statusLabel'> }) {
  const tone =
    ad.status === 'active'
      ? 'running'
      : ad.status === 'paused' || ad.status === 'checkout' || ad.status === 'in review' || ad.status === 'scheduled'
        ? 'waiting'
        : 'over';
  return <span className={`ad-status ad-status--${tone}`}>{ad.statusLabel}</span>;
}
