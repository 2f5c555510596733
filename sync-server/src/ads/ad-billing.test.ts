import type { AdDto } from '@campus/shared/ad-api';
import type { PaymentsResponse } from '@campus/shared/payments-api';
import { scaled } from '@campus/shared/time-scale';
import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import {
  adAction,
  adOf,
  createBoost,
  DAY,
  expectMoneyAddsUp,
  HOUR,
  postWebhook,
  START,
  stripeWorld,
} from './ads.test-helpers.ts';
import { createPaymentGateway } from './payments/payment-setup.ts';

type World = Awaited<ReturnType<typeof stripeWorld>>;

async function boostAndPay(w: World, postId: string, body: Record<string, unknown>): Promise<AdDto> {
  const { ad } = await createBoost(w, { postId, ...body });
  if (ad.status === 'checkout') {
    w.stripe.pay(ad.checkoutSessionId ?? '');
    expect((await postWebhook(w, ad.checkoutSessionId ?? '')).status).toBe(200);
  }
  return adOf(w, ad.id);
}

/** What the stand-in Stripe actually took, in cents. */
function stripeTook(w: World): number {
  return w.stripe.payments.reduce((total, payment) => total + payment.amount, 0);
}

/**
 * The Payments page's figures (GET /api/payments, decision 047) reconcile with
 * what Stripe took, to the cent: every paid ad's budget is its spent, plus what
 * went back to Available Funds, plus what is paid and not yet run; and Stripe
 * took Σ spent + Σ not yet run + Available Funds.
 */
async function expectPaymentsPageAddsUp(w: World): Promise<PaymentsResponse> {
  const response = await w.app.request('/api/payments', { session: w.owner.session });
  expect(response.status).toBe(200);
  const page = (await response.json()) as PaymentsResponse;
  for (const item of page.activity) {
    if (item.spent === null) continue;
    expect(item.budget, item.title).toBe(item.spent + item.creditedToFunds + item.reserved);
    if (item.runUntilPaused) expect(item.budget, item.title).toBe(item.spent);
  }
  const spent = page.activity.reduce((total, item) => total + (item.spent ?? 0), 0);
  const notYetRun = page.activity.reduce((total, item) => total + item.reserved, 0);
  expect(spent + notYetRun + page.availableFunds).toBe(stripeTook(w));
  return page;
}

describe('billing: a month of days on a controlled clock (decision 040)', { timeout: scaled(60_000) }, () => {
  it('keeps Stripe charged = Σ total_spent + prepaid not yet run + Available Funds, to the cent, at every step', async () => {
    const w = await stripeWorld();
    const post2 = (await createPost(w.app.db, { user_id: w.owner.id, text_plain: 'Desk' })).id;
    const post3 = (await createPost(w.app.db, { user_id: w.owner.id, text_plain: 'Lamp' })).id;
    const fixed = await boostAndPay(w, w.postId, { days: 5 });
    const daily = await boostAndPay(w, post2, { goal: 'message', runUntilPaused: true });
    expect(daily).toMatchObject({ runUntilPaused: true, budget: { amountBudgeted: 500, totalSpent: 500 } });
    const dailySession = w.stripe.sessions.get(daily.checkoutSessionId ?? '');
    expect(dailySession).toMatchObject({
      amount_total: 500,
      setup_future_usage: 'off_session',
      customer_creation: 'always',
    });
    let later: AdDto | undefined;
    let secondDaily: AdDto | undefined;

    // What happens when, in hours from the start (multiples of 3: the clock moves 3 hours a step);
    // the job runs at every step, twice, to prove a pass idempotent.
    const events: Record<number, () => Promise<void>> = {
      30: async () => void (await adAction(w, fixed.id, 'pause')),
      39: async () => void (await adAction(w, fixed.id, 'resume')),
      60: async () => void (await adAction(w, daily.id, 'pause')),
      75: async () => void (await adAction(w, fixed.id, 'stop')),
      99: async () => void (await adAction(w, daily.id, 'resume')),
      // Available Funds (the fixed ad's days not run) pay part of the next boost; Stripe the rest.
      120: async () => {
        later = await boostAndPay(w, post3, { days: 4 });
      },
      201: async () => {
        // The saved card is declined from now on: the daily ad stops when its paid day ends.
        w.stripe.declineCustomer(dailySession?.customer ?? '');
      },
      399: async () => {
        secondDaily = await boostAndPay(w, post2, { goal: 'message', runUntilPaused: true });
      },
      501: async () => void (await adAction(w, secondDaily?.id ?? '', 'pause')),
      561: async () => void (await adAction(w, secondDaily?.id ?? '', 'resume')),
      699: async () => void (await adAction(w, secondDaily?.id ?? '', 'stop')),
    };
    const hours = Object.keys(events).map(Number);
    expect(hours.every((hour) => hour % 3 === 0)).toBe(true);
    for (let hour = 0; hour <= 31 * 24; hour += 3) {
      w.clock.set(START + hour * HOUR);
      await events[hour]?.();
      await w.runJob();
      await w.runJob();
      const money = await expectMoneyAddsUp(w, w.owner.id);
      expect(money.charged).toBe(stripeTook(w));
      const page = await expectPaymentsPageAddsUp(w);
      expect(page.availableFunds).toBe(money.funds);
    }

    // The fixed ad: ran 30 + 36 = 66 hours, so 3 days were spent and 2 credited.
    expect(await adOf(w, fixed.id)).toMatchObject({
      status: 'stopped',
      timePaused: 9 * HOUR,
      budget: { totalSpent: 1500 },
    });
    // The $10 credited at hour 75: the daily ad's day 4 (hour 111, its end pushed by the 39-hour pause) drew
    // $5 of it first; the next boost ($20) took the other $5 and Stripe charged $15. It completed.
    const laterAd = await adOf(w, later?.id ?? '');
    expect(laterAd).toMatchObject({ status: 'completed', budget: { amountBudgeted: 2000, totalSpent: 2000 } });
    expect(w.stripe.sessions.get(laterAd.checkoutSessionId ?? '')?.amount_total).toBe(1500);
    // The daily ad paid day by day until the card was declined, then stopped; every day paid once.
    const dailyAd = await adOf(w, daily.id);
    expect(
      await w.app.db
        .selectFrom('ad_charges')
        .select(['kind', 'covers_day'])
        .where('ad_id', '=', daily.id)
        .where('kind', '=', 'funds_drawn')
        .execute(),
    ).toEqual([{ kind: 'funds_drawn', covers_day: 4 }]);
    expect(dailyAd.status).toBe('stopped');
    // My Ads can say why (the owner stopped the fixed ad herself).
    expect(dailyAd.stopReason).toBe('payment_failed');
    expect((await adOf(w, fixed.id)).stopReason).toBeNull();
    const dailyDays = await w.app.db
      .selectFrom('ad_charges')
      .select(['covers_day', 'kind'])
      .where('ad_id', '=', daily.id)
      .orderBy('covers_day')
      .execute();
    expect(dailyDays.map((row) => row.covers_day)).toEqual(dailyDays.map((_, index) => index + 1));
    expect(dailyAd.budget.totalSpent).toBe(dailyDays.length * 500);
    const offSession = w.stripe.payments.filter((payment) => payment.off_session);
    expect(offSession.every((payment) => payment.amount === 500)).toBe(true);
    const secondAd = await adOf(w, secondDaily?.id ?? '');
    expect(secondAd.status).toBe('stopped');
    expect(secondAd.timePaused).toBe(60 * HOUR);
    const final = await expectMoneyAddsUp(w, w.owner.id);
    expect(final.reserved).toBe(0);
    expect(final.charged).toBe(final.spent + final.funds);
    // The page at the end of the month: each ad's "{spent} of {budget}", newest first, and what went back to funds.
    const page = await expectPaymentsPageAddsUp(w);
    const figures = page.activity.map(({ adId, spent, budget, creditedToFunds, statusLabel }) => ({
      adId,
      spent,
      budget,
      creditedToFunds,
      statusLabel,
    }));
    expect(figures).toEqual([
      {
        adId: secondAd.id,
        spent: secondAd.budget.totalSpent,
        budget: secondAd.budget.totalSpent,
        creditedToFunds: 0,
        statusLabel: 'Stopped',
      },
      { adId: laterAd.id, spent: 2000, budget: 2000, creditedToFunds: 0, statusLabel: 'Completed' },
      {
        adId: daily.id,
        spent: dailyDays.length * 500,
        budget: dailyDays.length * 500,
        creditedToFunds: 0,
        statusLabel: 'Stopped',
      },
      { adId: fixed.id, spent: 1500, budget: 2500, creditedToFunds: 1000, statusLabel: 'Stopped' },
    ]);
    expect(page.availableFunds).toBe(0);
  });

  it('bills a missed day once when the server was down, from now, not for the days it was not shown', async () => {
    const w = await stripeWorld();
    const daily = await boostAndPay(w, w.postId, { goal: 'message', runUntilPaused: true });
    w.clock.advance(3 * DAY + HOUR);
    await Promise.all([w.runJob(), w.runJob()]);
    const ad = await adOf(w, daily.id);
    expect(ad.budget.totalSpent).toBe(1000);
    expect(ad.endTimeAdjusted).toBe(new Date(START + 4 * DAY + HOUR).toISOString());
    expect(w.stripe.payments.filter((payment) => payment.off_session)).toHaveLength(1);
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('is restart-safe: a day charged just before a crash is recorded once, with the same payment, on the next pass', async () => {
    const w = await stripeWorld();
    const daily = await boostAndPay(w, w.postId, { goal: 'message', runUntilPaused: true });
    const row = await w.app.db.selectFrom('ads').selectAll().where('id', '=', daily.id).executeTakeFirstOrThrow();
    w.clock.advance(DAY);
    // The process charged day 2 and died before writing it down.
    const before = await createPaymentGateway(w.app.config, w.app.db).chargeSavedCard({
      customerId: row.stripe_customer_id ?? '',
      paymentMethodId: row.stripe_payment_method_id ?? '',
      amountCents: 500,
      idempotencyKey: `ad:${daily.id}:day:2`,
      adId: daily.id,
    });
    expect(before.ok).toBe(true);
    await w.runJob();
    await w.runJob();
    const offSession = w.stripe.payments.filter((payment) => payment.off_session);
    expect(offSession).toHaveLength(1);
    const day2 = await w.app.db
      .selectFrom('ad_charges')
      .select(['stripe_id', 'amount'])
      .where('ad_id', '=', daily.id)
      .where('covers_day', '=', 2)
      .execute();
    expect(day2).toEqual([{ stripe_id: offSession[0]?.id, amount: 500 }]);
    expect((await adOf(w, daily.id)).budget.totalSpent).toBe(1000);
    await expectMoneyAddsUp(w, w.owner.id);
  });
});

describe('run until paused with Available Funds (issue 35 item 3: funds first, day 1 too)', () => {
  it('pays day 1 from the funds and only saves the card, then spends the funds before the card', async () => {
    const w = await stripeWorld();
    const post2 = (await createPost(w.app.db, { user_id: w.owner.id, text_plain: 'Desk' })).id;
    // A 3-day boost stopped on day 1: $10 of its days not started become Available Funds.
    const fixed = await boostAndPay(w, w.postId, { days: 3 });
    expect((await adAction(w, fixed.id, 'stop')).status).toBe(200);
    expect((await expectMoneyAddsUp(w, w.owner.id)).funds).toBe(1000);

    const { ad: created } = await createBoost(w, {
      postId: post2,
      goal: 'message',
      runUntilPaused: true,
      fundsApplied: 500,
    });
    expect(created).toMatchObject({ status: 'checkout' });
    const session = w.stripe.sessions.get(created.checkoutSessionId ?? '');
    // Nothing is due: the checkout saves a card for the next days (Stripe's setup mode), on a customer.
    expect(session).toMatchObject({ mode: 'setup', currency: 'usd', payment_status: 'no_payment_required' });
    expect(w.stripe.customers.has(session?.customer ?? '')).toBe(true);
    expect(session?.submit_message).toContain('$5.00 of Available Funds applied');
    await expectMoneyAddsUp(w, w.owner.id);

    const tookBefore = stripeTook(w);
    w.stripe.pay(created.checkoutSessionId ?? '');
    expect((await postWebhook(w, created.checkoutSessionId ?? '')).status).toBe(200);
    expect(await adOf(w, created.id)).toMatchObject({ status: 'active', budget: { totalSpent: 500 } });
    expect(stripeTook(w)).toBe(tookBefore);
    expect((await expectMoneyAddsUp(w, w.owner.id)).funds).toBe(500);

    // Day 2: the last $5 of funds. Day 3: the saved card, off session.
    w.clock.advance(DAY);
    await w.runJob();
    expect((await expectMoneyAddsUp(w, w.owner.id)).funds).toBe(0);
    expect(stripeTook(w)).toBe(tookBefore);
    w.clock.advance(DAY);
    await w.runJob();
    const offSession = w.stripe.payments.filter((payment) => payment.off_session);
    expect(offSession).toEqual([expect.objectContaining({ amount: 500, customer: session?.customer })]);
    expect(await adOf(w, created.id)).toMatchObject({ status: 'active', budget: { totalSpent: 1500 } });
    const days = await w.app.db
      .selectFrom('ad_charges')
      .select(['kind', 'covers_day'])
      .where('ad_id', '=', created.id)
      .orderBy('covers_day')
      .execute();
    expect(days).toEqual([
      { kind: 'funds_drawn', covers_day: 1 },
      { kind: 'funds_drawn', covers_day: 2 },
      { kind: 'stripe_payment', covers_day: 3 },
    ]);
    const money = await expectMoneyAddsUp(w, w.owner.id);
    expect(money.charged).toBe(stripeTook(w));
  });

  it('gives day 1 back to the funds when the card-saving checkout is cancelled', async () => {
    const w = await stripeWorld();
    const post2 = (await createPost(w.app.db, { user_id: w.owner.id, text_plain: 'Desk' })).id;
    const fixed = await boostAndPay(w, w.postId, { days: 2 });
    expect((await adAction(w, fixed.id, 'stop')).status).toBe(200);
    const { ad } = await createBoost(w, { postId: post2, goal: 'message', runUntilPaused: true });
    expect((await expectMoneyAddsUp(w, w.owner.id)).funds).toBe(0);
    const cancel = await w.app.request(`/api/ads/checkout/${ad.checkoutSessionId}`, {
      method: 'DELETE',
      session: w.owner.session,
    });
    expect(cancel.status).toBe(204);
    expect((await expectMoneyAddsUp(w, w.owner.id)).funds).toBe(500);
  });
});
