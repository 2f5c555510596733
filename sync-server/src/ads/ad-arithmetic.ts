import { AD_PRICE_PER_DAY_CENTS, DAY_MS } from '@campus/shared/ad-rules';
import type { AdRow } from '../db/schema.ts';

/** The fields the arithmetic reads (decision 040). */
type AdClock = Pick<
  AdRow,
  | 'status'
  | 'run_until_pause'
  | 'start_time'
  | 'paused_at'
  | 'time_paused'
  | 'ended_at'
  | 'duration_minutes'
  | 'amount_budgeted'
  | 'total_spent'
  | 'funds_applied'
>;

/** Milliseconds the ad has run by `now`: pauses and time after its end do not count. */
function runMs(ad: AdClock, now: number): number {
  if (ad.start_time === null) return 0;
  const until = ad.ended_at ?? ad.paused_at ?? now;
  const ran = until - ad.start_time - ad.time_paused;
  return Math.min(Math.max(ran, 0), ad.duration_minutes * 60_000);
}

/**
 * A fixed-duration ad's spend by `now`: $5 at the start of each running day
 * (day 1 when it is activated), never more than its budget (decision 040).
 */
export function fixedSpendCents(ad: AdClock, now: number): number {
  if (ad.start_time === null) return 0;
  const days = ad.amount_budgeted / AD_PRICE_PER_DAY_CENTS;
  const daysStarted = Math.min(days, Math.floor(runMs(ad, now) / DAY_MS) + 1);
  return daysStarted * AD_PRICE_PER_DAY_CENTS;
}

/**
 * Money the student has paid for this ad that is neither spent nor back in
 * Available Funds: a fixed ad's days not yet started, and funds drawn for a
 * checkout not finished. The invariant (decision 040): Stripe payments =
 * Σ total_spent + Σ reserved + available funds.
 */
export function reservedCents(ad: AdClock): number {
  if (ad.status === 'checkout') return ad.funds_applied;
  const isLive = ad.status === 'active' || ad.status === 'paused';
  if (!isLive || ad.run_until_pause === 1) return 0;
  return ad.amount_budgeted - ad.total_spent;
}
