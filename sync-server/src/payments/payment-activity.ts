import { AD_STATUS_LABELS, AD_UNPAID_STATUSES } from '@campus/shared/ad-rules';
import type { PaymentActivityDto, PaymentsResponse } from '@campus/shared/payments-api';
import { reservedCents } from '../ads/ad-arithmetic.ts';
import { availableFunds } from '../ads/ad-ledger.ts';
import type { Db } from '../db/database.ts';
import type { AdChargeTable, AdRow } from '../db/schema.ts';

type Kind = AdChargeTable['kind'];
type Sums = Record<Kind, number>;

const NOTHING: Sums = { stripe_payment: 0, funds_drawn: 0, funds_credited: 0, funds_returned: 0 };

/** Each ad's ledger rows added up by kind (decision 040). */
async function ledgerSums(db: Db, campusId: string, userId: string): Promise<Map<string, Sums>> {
  const rows = await db
    .selectFrom('ad_charges')
    .select(['ad_id', 'kind', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('campus_id', '=', campusId)
    .where('user_id', '=', userId)
    .groupBy(['ad_id', 'kind'])
    .execute();
  const sums = new Map<string, Sums>();
  for (const row of rows) {
    const sum = sums.get(row.ad_id) ?? { ...NOTHING };
    sum[row.kind] = Number(row.total);
    sums.set(row.ad_id, sum);
  }
  return sums;
}

/**
 * One ad as Payment Activity shows it (decision 047). The budget of a paid ad
 * is what the ledger says was paid for it (card + funds drawn − funds
 * returned), so a run-until-paused ad's budget is its days paid; before
 * payment it is the price. Spent is the ad's own `total_spent`.
 */
function toActivity(ad: AdRow, sum: Sums): PaymentActivityDto {
  const isUnpaid = AD_UNPAID_STATUSES.includes(ad.status);
  const paid = sum.stripe_payment + sum.funds_drawn - sum.funds_returned;
  return {
    adId: ad.id,
    postId: ad.post_id,
    title: ad.title,
    date: ad.created_at,
    status: ad.status,
    statusLabel: AD_STATUS_LABELS[ad.status],
    runUntilPaused: ad.run_until_pause === 1,
    spent: isUnpaid ? null : ad.total_spent,
    budget: ad.status === 'checkout' ? ad.amount_budgeted : paid,
    creditedToFunds: sum.funds_credited,
    reserved: reservedCents(ad),
  };
}

/**
 * spec 3 §2 Payments: Available Funds and the viewer's ads on this campus,
 * newest first. A deleted ad stays while money was paid for it (an ad is a
 * money record); a cancelled checkout, paid nothing, does not.
 */
export async function paymentsOf(db: Db, campusId: string, userId: string): Promise<PaymentsResponse> {
  const [ads, sums, funds] = await Promise.all([
    db
      .selectFrom('ads')
      .selectAll()
      .where('campus_id', '=', campusId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    ledgerSums(db, campusId, userId),
    availableFunds(db, userId),
  ]);
  const activity = ads
    .map((ad) => ({ ad, item: toActivity(ad, sums.get(ad.id) ?? NOTHING) }))
    .filter(({ ad, item }) => ad.deleted_at === null || (item.status !== 'checkout' && item.budget > 0))
    .map(({ item }) => item);
  return { availableFunds: funds, activity };
}
