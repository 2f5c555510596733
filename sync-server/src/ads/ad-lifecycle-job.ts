import { AD_PRICE_PER_DAY_CENTS, DAY_MS } from '@campus/shared/ad-rules';
import type { Db } from '../db/database.ts';
import type { AdRow } from '../db/schema.ts';
import type { Logger } from '../http/logger.ts';
import { timedUnit, yieldToRequests } from '../jobs/job-slices.ts';
import { fixedSpendCents } from './ad-arithmetic.ts';
import { expireAbandonedCheckouts } from './ad-checkout.ts';
import { recordCharge } from './ad-ledger.ts';
import { activeAdsQuery, adById, updateAd } from './ads.repository.ts';
import type { PaymentGateway } from './payments/payment-gateway.ts';

interface JobDeps {
  db: Db;
  payments: PaymentGateway;
  logger: Logger;
}

/**
 * One pass of the ads' lifecycle at `now` (spec 3 §4, decision 040):
 * checkouts left unpaid past their lifetime close (decision 041); fixed ads whose end passed complete with their whole budget spent; running
 * fixed ads accrue $5 per started day; run-until-paused ads whose paid day
 * ended pay the next one (Available Funds first, then the saved card) or
 * stop. Idempotent: a second pass at the same `now` changes nothing, and a
 * day is paid once however often a pass is retried (the ledger's unique day,
 * the processor's idempotency key).
 */
export async function runAdLifecycle({ db, payments, logger }: JobDeps, now: number): Promise<void> {
  await expireAbandonedCheckouts(db, payments, now, logger);
  const running = await activeAdsQuery(db).execute();
  for (const ad of running) {
    await timedUnit(logger, 'ad lifecycle', { adId: ad.id }, async () => {
      if (ad.run_until_pause === 1) {
        if (ad.end_time_adjusted !== null && ad.end_time_adjusted <= now)
          await billNextDay({ db, payments, logger }, ad, now);
      } else {
        await accrueFixed(db, ad, now);
      }
    });
    // One ad a turn: a campus with many running ads never holds requests for the whole pass (issue 36).
    await yieldToRequests();
  }
}

function accrueFixed(db: Db, stale: AdRow, now: number): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const ad = await adById(trx, stale.id);
    if (ad.status !== 'active' || ad.end_time_adjusted === null) return;
    if (ad.end_time_adjusted <= now) {
      await updateAd(
        trx,
        ad.id,
        { status: 'completed', total_spent: ad.amount_budgeted, ended_at: ad.end_time_adjusted },
        now,
      );
      return;
    }
    const spent = fixedSpendCents(ad, now);
    if (spent !== ad.total_spent) await updateAd(trx, ad.id, { total_spent: spent }, now);
  });
}

/** The next day of a run-until-paused ad: day n is paid once (decision 040). */
async function billNextDay({ db, payments, logger }: JobDeps, stale: AdRow, now: number): Promise<void> {
  const day = stale.total_spent / AD_PRICE_PER_DAY_CENTS + 1;
  const paidFromFunds = await db.transaction().execute(async (trx) => {
    const ad = await adById(trx, stale.id);
    if (ad.status !== 'active' || ad.total_spent !== stale.total_spent) return 'changed' as const;
    const drawn = await recordCharge(trx, ad, {
      kind: 'funds_drawn',
      amount: AD_PRICE_PER_DAY_CENTS,
      at: now,
      coversDay: day,
    });
    if (drawn) await extendByDay(trx, ad, now);
    return drawn;
  });
  if (paidFromFunds !== false) return;

  let result: Awaited<ReturnType<PaymentGateway['chargeSavedCard']>>;
  if (stale.stripe_customer_id && stale.stripe_payment_method_id) {
    result = await payments.chargeSavedCard({
      customerId: stale.stripe_customer_id,
      paymentMethodId: stale.stripe_payment_method_id,
      amountCents: AD_PRICE_PER_DAY_CENTS,
      idempotencyKey: `ad:${stale.id}:day:${day}`,
      adId: stale.id,
    });
  } else {
    result = { ok: false, reason: 'no saved card' };
  }
  await db.transaction().execute(async (trx) => {
    const ad = await adById(trx, stale.id);
    if (result.ok) {
      // Recorded even if the ad changed meanwhile: the money was taken for this day.
      const isNew = await recordCharge(trx, ad, {
        kind: 'stripe_payment',
        amount: AD_PRICE_PER_DAY_CENTS,
        at: now,
        stripeId: result.paymentIntentId,
        coversDay: day,
      }).catch(() => false);
      if (!isNew) return;
      const isLive = ad.status === 'active' || ad.status === 'paused';
      if (isLive && ad.total_spent === stale.total_spent) await extendByDay(trx, ad, now);
      else await recordCharge(trx, ad, { kind: 'funds_credited', amount: AD_PRICE_PER_DAY_CENTS, at: now });
      return;
    }
    if (ad.status !== 'active' || ad.total_spent !== stale.total_spent) return;
    logger.info('run-until-paused ad stopped: its day was not paid', { adId: ad.id, reason: result.reason });
    await updateAd(
      trx,
      ad.id,
      { status: 'stopped', ended_at: ad.end_time_adjusted ?? now, stop_reason: 'payment_failed' },
      now,
    );
  });
}

/** Day paid: $5 more spent, and the ad runs a day from its end (or from now, after downtime). */
function extendByDay(trx: Db, ad: AdRow, now: number): Promise<AdRow> {
  const from = Math.max(ad.end_time_adjusted ?? now, now);
  return updateAd(
    trx,
    ad.id,
    {
      total_spent: ad.total_spent + AD_PRICE_PER_DAY_CENTS,
      end_time_adjusted: from + DAY_MS,
      last_charged_at: now,
    },
    now,
  );
}

/** Runs a pass every `intervalMs` until stopped; passes never overlap. */
export function startAdLifecycleJob(deps: JobDeps & { clock: () => number; intervalMs: number }) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runAdLifecycle(deps, deps.clock())
      .catch((error: unknown) => deps.logger.error('ad lifecycle failed', { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
