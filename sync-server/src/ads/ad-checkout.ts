import type { CreateAdRequest } from '@campus/shared/ad-requests';
import {
  AD_MESSAGES,
  AD_PRICE_PER_DAY_CENTS,
  amountBudgetedCents,
  DAY_MINUTES,
  defaultAdTitle,
  durationMinutes,
  fundsAppliedCents,
} from '@campus/shared/ad-rules';
import { uuidv7 } from '@campus/shared/ids';
import type { Db } from '../db/database.ts';
import type { AdRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Logger } from '../http/logger.ts';
import { recordCharge } from './ad-ledger.ts';
import { findAdBySession, hasAdInProgress, openCheckoutsBeforeQuery, updateAd } from './ads.repository.ts';
import { checkoutDescription } from './checkout-wording.ts';
import type { CheckoutSessionInfo, PaymentGateway } from './payments/payment-gateway.ts';

interface Owner {
  userId: string;
  campusId: string;
}

/** The success and cancel pages of spec 3 §2, with Stripe's session id template. */
function boostReturnUrls(origin: string, postId: string) {
  const base = `${origin}/post/${encodeURIComponent(postId)}/boost`;
  return {
    successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/cancel?session_id={CHECKOUT_SESSION_ID}`,
  };
}

type CreateAd = CreateAdRequest & { days: number; runUntilPaused: boolean };

/**
 * spec 3 §4 'Created as checkout': the ad and its checkout session. A fixed
 * boost draws Available Funds first and Stripe charges the rest; one fully
 * paid by funds is active at once. Run until paused always goes through
 * Checkout, to keep the card for the next days (decision 040): it pays day 1,
 * or only saves the card when Available Funds paid day 1.
 */
export async function createAdCheckout(
  db: Db,
  payments: PaymentGateway,
  owner: Owner,
  request: CreateAd,
  origin: string,
  now: number,
  logger?: Logger,
): Promise<{ ad: AdRow; checkoutUrl: string }> {
  const post = await db
    .selectFrom('posts')
    .select(['id', 'user_id', 'text_plain'])
    .where('id', '=', request.postId)
    .where('campus_id', '=', owner.campusId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!post) throw new AppError('not_found', AD_MESSAGES.postMissing);
  if (post.user_id !== owner.userId) throw new AppError('not_found', AD_MESSAGES.postMissing);
  await closeOpenCheckouts(db, payments, post.id, now, logger);
  const isRunUntilPaused = request.runUntilPaused;
  const days = isRunUntilPaused ? 1 : request.days;
  const amount = isRunUntilPaused ? AD_PRICE_PER_DAY_CENTS : amountBudgetedCents(days);
  const at = new Date(now).toISOString();
  const ad = await db.transaction().execute(async (trx) => {
    if (await hasAdInProgress(trx, post.id)) throw new AppError('already_boosted', AD_MESSAGES.alreadyBoosted);
    // Another request for this post got its checkout in between (two at once): one checkout per post.
    if (await hasOpenCheckout(trx, post.id, now)) throw new AppError('conflict', AD_MESSAGES.checkoutOpen);
    const user = await trx
      .selectFrom('users')
      .select('available_funds')
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    const fundsApplied = fundsAppliedCents(user.available_funds, amount, isRunUntilPaused);
    // The form showed other amounts (funds spent or credited in another tab): nothing moves unshown.
    if (request.fundsApplied !== undefined && request.fundsApplied !== fundsApplied)
      throw new AppError('conflict', AD_MESSAGES.fundsChanged);
    const row = await trx
      .insertInto('ads')
      .values({
        id: uuidv7(),
        campus_id: owner.campusId,
        user_id: owner.userId,
        post_id: post.id,
        title: (request.title ?? defaultAdTitle(post.text_plain)) || 'Boost Post',
        status: 'checkout',
        cta_type: request.goal,
        cta_url: request.goal === 'website' ? request.url : null,
        cta_label: request.goal === 'website' ? request.label : null,
        duration_minutes: isRunUntilPaused ? DAY_MINUTES : durationMinutes(days),
        amount_budgeted: amount,
        run_until_pause: isRunUntilPaused ? 1 : 0,
        checkout_amount: amount - fundsApplied,
        funds_applied: fundsApplied,
        start_time: null,
        end_time_adjusted: null,
        paused_at: null,
        ended_at: null,
        last_charged_at: null,
        payment_id: null,
        checkout_session_id: null,
        stripe_customer_id: null,
        stripe_payment_method_id: null,
        deleted_at: null,
        created_at: at,
        last_modified: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (fundsApplied > 0) {
      const coversDay = isRunUntilPaused ? 1 : null;
      await recordCharge(trx, row, { kind: 'funds_drawn', amount: fundsApplied, at: now, coversDay });
    }
    return row;
  });
  const urls = boostReturnUrls(origin, post.id);
  if (ad.checkout_amount === 0 && !isRunUntilPaused) {
    // Paid in full from Available Funds: no card is charged, the ad runs now.
    const sessionId = `funds_${ad.id}`;
    await updateAd(db, ad.id, { checkout_session_id: sessionId }, now);
    const paid = await applyPaidCheckout(db, paidByFunds(sessionId), now);
    return { ad: paid ?? ad, checkoutUrl: urls.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId) };
  }
  try {
    const session = await payments.createCheckoutSession({
      adId: ad.id,
      userId: owner.userId,
      amountCents: ad.checkout_amount,
      saveCardForLater: isRunUntilPaused,
      description: checkoutDescription(ad),
      expiresAt: now + CHECKOUT_LIFETIME_MS,
      ...urls,
    });
    const stored = await updateAd(db, ad.id, { checkout_session_id: session.id }, now);
    return { ad: stored, checkoutUrl: session.url };
  } catch (error) {
    await cancelCheckoutAd(db, ad.id, now);
    logger?.error('checkout session not created', { adId: ad.id, error: String(error) });
    throw new AppError('internal', AD_MESSAGES.checkoutFailed);
  }
}

/**
 * At most one open checkout per post (issue 35, decision 041): a checkout left open (another tab,
 * Back, a retry) is closed at the processor before a new one is made, then removed, so it can never
 * be paid too. One paid meanwhile is applied instead, and the new boost then finds the post boosted.
 * A checkout whose session is still being made (a request at the same moment) is left to refuse
 * this one; one left without a session for longer (its process stopped mid-way) is removed.
 */
async function closeOpenCheckouts(db: Db, payments: PaymentGateway, postId: string, now: number, logger?: Logger) {
  const open = await db
    .selectFrom('ads')
    .select(['id', 'checkout_session_id', 'created_at'])
    .where('post_id', '=', postId)
    .where('status', '=', 'checkout')
    .where('deleted_at', 'is', null)
    .execute();
  for (const { id, checkout_session_id: sessionId, created_at: createdAt } of open) {
    if (sessionId === null) {
      if (!isSessionPending(createdAt, now)) await cancelCheckoutAd(db, id, now);
      continue;
    }
    if ((await payments.expireCheckoutSession(sessionId)) === 'paid') {
      await confirmCheckout(db, payments, sessionId, now, logger);
    } else await cancelCheckoutAd(db, id, now);
  }
}

/**
 * How long a checkout takes a payment (issue 35 item 4): then the session expires at the processor
 * (Stripe's `expires_at`; the lifecycle pass in test mode) and its ad leaves My Ads and Payments.
 */
const CHECKOUT_LIFETIME_MS = 60 * 60_000;
/** Past its lifetime, a checkout is closed by the lifecycle pass after this margin (clocks, a late webhook). */
const CHECKOUT_SWEEP_MARGIN_MS = 2 * 60_000;

/**
 * Checkouts left unpaid past their lifetime (Back, a closed tab): closed at the processor, then
 * removed with the funds they drew given back, or applied when they were paid after all.
 */
export async function expireAbandonedCheckouts(db: Db, payments: PaymentGateway, now: number, logger?: Logger) {
  const before = new Date(now - CHECKOUT_LIFETIME_MS - CHECKOUT_SWEEP_MARGIN_MS).toISOString();
  const abandoned = await openCheckoutsBeforeQuery(db, before).execute();
  for (const { id, checkout_session_id: sessionId } of abandoned) {
    if (sessionId !== null && (await payments.expireCheckoutSession(sessionId)) === 'paid') {
      await confirmCheckout(db, payments, sessionId, now, logger);
    } else await cancelCheckoutAd(db, id, now);
  }
}

/** How long a new checkout ad may wait for its session (one call to the processor) before it counts as abandoned. */
const SESSION_PENDING_MS = 60_000;

function isSessionPending(createdAt: string, now: number): boolean {
  return now - Date.parse(createdAt) <= SESSION_PENDING_MS;
}

async function hasOpenCheckout(db: Db, postId: string, now: number): Promise<boolean> {
  const rows = await db
    .selectFrom('ads')
    .select(['checkout_session_id', 'created_at'])
    .where('post_id', '=', postId)
    .where('status', '=', 'checkout')
    .where('deleted_at', 'is', null)
    .execute();
  return rows.some((row) => row.checkout_session_id !== null || isSessionPending(row.created_at, now));
}

function paidByFunds(sessionId: string): CheckoutSessionInfo {
  return {
    id: sessionId,
    isPaid: true,
    amountTotal: 0,
    currency: 'usd',
    paymentIntentId: null,
    customerId: null,
    paymentMethodId: null,
  };
}

/**
 * 'This checkout session is paid' (decision 041): the one function the
 * webhook, the success page's confirm and the test checkout page all call,
 * with what the processor says of the session. Applied once: a second call
 * finds the ad active and changes nothing. Answers the ad, or undefined when
 * no ad has this session.
 */
async function applyPaidCheckout(
  db: Db,
  session: CheckoutSessionInfo,
  now: number,
  logger?: Logger,
): Promise<AdRow | undefined> {
  if (!session.isPaid) return findAdBySession(db, session.id);
  return db.transaction().execute(async (trx) => {
    const ad = await findAdBySession(trx, session.id);
    if (ad?.status !== 'checkout') return ad;
    if (session.amountTotal !== ad.checkout_amount || session.currency !== 'usd') {
      logger?.error('checkout paid with an unexpected amount', { adId: ad.id, amount: session.amountTotal });
      throw new AppError('conflict', AD_MESSAGES.activateFailed);
    }
    const isRunUntilPaused = ad.run_until_pause === 1;
    if (ad.checkout_amount > 0) {
      await recordCharge(trx, ad, {
        kind: 'stripe_payment',
        amount: ad.checkout_amount,
        at: now,
        stripeId: session.paymentIntentId ?? session.id,
        coversDay: isRunUntilPaused ? 1 : null,
      });
    }
    if (ad.deleted_at !== null || (await hasAdInProgress(trx, ad.post_id))) {
      // Cancelled here, or the post boosted by another ad meanwhile, but paid there: never a second
      // running ad. The money is the student's, as Available Funds (the success page says so).
      if (ad.checkout_amount > 0) {
        await recordCharge(trx, ad, { kind: 'funds_credited', amount: ad.checkout_amount, at: now });
      }
      if (ad.funds_applied > 0) {
        await recordCharge(trx, ad, { kind: 'funds_returned', amount: ad.funds_applied, at: now });
      }
      return updateAd(trx, ad.id, { status: 'stopped', ended_at: now, funds_applied: 0 }, now);
    }
    return updateAd(
      trx,
      ad.id,
      {
        status: 'active',
        start_time: now,
        end_time_adjusted: now + ad.duration_minutes * 60_000,
        // Day 1 starts now: $5 of it is spent (decision 040).
        total_spent: AD_PRICE_PER_DAY_CENTS,
        last_charged_at: now,
        payment_id: session.paymentIntentId,
        stripe_customer_id: session.customerId,
        stripe_payment_method_id: session.paymentMethodId,
      },
      now,
    );
  });
}

/** Asks the processor about the session and applies it if paid (webhook and success page). */
export async function confirmCheckout(
  db: Db,
  payments: PaymentGateway,
  sessionId: string,
  now: number,
  logger?: Logger,
): Promise<AdRow | undefined> {
  if (sessionId.startsWith('funds_')) return findAdBySession(db, sessionId);
  const session = await payments.retrieveCheckoutSession(sessionId);
  if (!session) return undefined;
  return applyPaidCheckout(db, session, now, logger);
}

/**
 * Stripe expired the session (`checkout.session.expired`: its `expires_at` passed unpaid): its ad
 * leaves My Ads and Payments now, funds it drew go back, rather than at the next lifecycle sweep.
 * Asked again first: a session Stripe says is done is applied instead.
 */
export async function closeExpiredCheckout(
  db: Db,
  payments: PaymentGateway,
  sessionId: string,
  now: number,
  logger?: Logger,
): Promise<void> {
  const ad = await findAdBySession(db, sessionId);
  if (ad?.status !== 'checkout') return;
  const session = await payments.retrieveCheckoutSession(sessionId);
  if (session?.isPaid) await applyPaidCheckout(db, session, now, logger);
  else await cancelCheckoutAd(db, ad.id, now);
}

/** spec 3 §2 Cancel page: the checkout ad is removed; funds it drew go back. */
export function cancelCheckoutAd(db: Db, adId: string, now: number): Promise<AdRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const ad = await trx.selectFrom('ads').selectAll().where('id', '=', adId).executeTakeFirst();
    if (ad?.status !== 'checkout' || ad.deleted_at !== null) return undefined;
    if (ad.funds_applied > 0) {
      await recordCharge(trx, ad, { kind: 'funds_returned', amount: ad.funds_applied, at: now });
    }
    return updateAd(trx, ad.id, { deleted_at: new Date(now).toISOString(), funds_applied: 0 }, now);
  });
}
