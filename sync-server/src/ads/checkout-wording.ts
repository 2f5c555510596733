import { DAY_MINUTES } from '@campus/shared/ad-rules';
import type { AdRow } from '../db/schema.ts';

/** Cents as a checkout writes them: '$15.00'. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

type BoughtAd = Pick<AdRow, 'title' | 'duration_minutes' | 'run_until_pause' | 'funds_applied'>;

/** How long the boost runs, as a checkout says it (issue 35 item 3): '5 days x $5.00', or until paused. */
export function checkoutDuration(ad: BoughtAd): string {
  if (ad.run_until_pause === 1) return 'Until paused, $5.00 a day';
  const days = Math.round(ad.duration_minutes / DAY_MINUTES);
  return `${days} ${days === 1 ? 'day' : 'days'} x $5.00`;
}

/** The line under 'Boost Post' on Stripe's page: which post, how long, what funds paid. */
export function checkoutDescription(ad: BoughtAd): string {
  const funds = ad.funds_applied > 0 ? `; ${dollars(ad.funds_applied)} of Available Funds applied` : '';
  return `${ad.title}: ${checkoutDuration(ad)}${funds}`;
}
