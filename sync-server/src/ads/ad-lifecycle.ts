import { AD_MESSAGES } from '@campus/shared/ad-rules';
import type { Db } from '../db/database.ts';
import type { AdRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { fixedSpendCents } from './ad-arithmetic.ts';
import { recordCharge } from './ad-ledger.ts';
import { adById, updateAd } from './ads.repository.ts';

/**
 * spec 3 §4 transitions with their money (decision 040). Each runs in one
 * transaction and re-reads the ad inside it, so a request and the lifecycle
 * job never both act on a stale copy.
 */

/** active → paused: records paused_at; a fixed ad's spend is brought up to date first. */
export function pauseAd(db: Db, adId: string, now: number): Promise<AdRow> {
  return db.transaction().execute(async (trx) => {
    const ad = await adById(trx, adId);
    if (ad.status !== 'active') throw new AppError('conflict', AD_MESSAGES.onlyActivePause);
    const spent = ad.run_until_pause === 1 ? ad.total_spent : fixedSpendCents(ad, now);
    return updateAd(trx, ad.id, { status: 'paused', paused_at: now, total_spent: spent }, now);
  });
}

/** paused → active: the pause's length is added to time_paused and pushes the end (spec 3 §4). */
export function resumeAd(db: Db, adId: string, now: number): Promise<AdRow> {
  return db.transaction().execute(async (trx) => {
    const ad = await adById(trx, adId);
    if (ad.status !== 'paused' || ad.paused_at === null) throw new AppError('conflict', AD_MESSAGES.onlyPausedResume);
    const pause = Math.max(0, now - ad.paused_at);
    return updateAd(
      trx,
      ad.id,
      {
        status: 'active',
        paused_at: null,
        time_paused: ad.time_paused + pause,
        end_time_adjusted: (ad.end_time_adjusted ?? now) + pause,
      },
      now,
    );
  });
}

/**
 * any non-stopped → stopped (spec 3 §4). A started day is spent; a fixed
 * ad's days not started go back to Available Funds, and a checkout's funds
 * drawn are returned (decision 040).
 */
export function stopAd(db: Db, adId: string, now: number): Promise<AdRow> {
  return db.transaction().execute(async (trx) => {
    const ad = await adById(trx, adId);
    if (ad.status === 'stopped') throw new AppError('conflict', AD_MESSAGES.alreadyStopped);
    const isLive = ad.status === 'active' || ad.status === 'paused';
    const endedAt = isLive ? (ad.paused_at ?? now) : (ad.ended_at ?? now);
    let spent = ad.total_spent;
    if (isLive && ad.run_until_pause === 0) {
      spent = fixedSpendCents({ ...ad, ended_at: endedAt }, now);
      const unspent = ad.amount_budgeted - spent;
      if (unspent > 0) await recordCharge(trx, ad, { kind: 'funds_credited', amount: unspent, at: now });
    }
    if (ad.status === 'checkout' && ad.funds_applied > 0) {
      await recordCharge(trx, ad, { kind: 'funds_returned', amount: ad.funds_applied, at: now });
    }
    return updateAd(
      trx,
      ad.id,
      {
        status: 'stopped',
        paused_at: null,
        ended_at: endedAt,
        total_spent: spent,
        ...(ad.status === 'checkout' ? { funds_applied: 0 } : {}),
      },
      now,
    );
  });
}
