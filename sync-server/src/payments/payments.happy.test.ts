import type { PaymentsResponse } from '@campus/shared/payments-api';
import { describe, expect, it } from 'vitest';
import {
  adAction,
  type BoostWorld,
  createBoost,
  DAY,
  expectMoneyAddsUp,
  HOUR,
  postWebhook,
  stripeWorld,
} from '../ads/ads.test-helpers.ts';
import { createPost } from '../test/factories.ts';

async function paymentsPage(w: BoostWorld): Promise<PaymentsResponse> {
  const response = await w.app.request('/api/payments', { session: w.owner.session });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return (await response.json()) as PaymentsResponse;
}

describe('GET /api/payments: Available Funds and Payment Activity (spec 3 §2, decision 047)', () => {
  it('answers no funds and no activity for a student who never boosted', async () => {
    const w = await stripeWorld();
    expect(await paymentsPage(w)).toEqual({ availableFunds: 0, activity: [] });
  });

  it('shows a stopped ad’s spent, budget and credit, a checkout’s "--" and the funds it drew, newest first', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w, { days: 3, title: 'Road bike' });
    w.stripe.pay(ad.checkoutSessionId ?? '');
    expect((await postWebhook(w, ad.checkoutSessionId ?? '')).status).toBe(200);
    w.clock.advance(DAY + HOUR);
    await w.runJob();
    await adAction(w, ad.id, 'stop');
    const stopped = await paymentsPage(w);
    expect(stopped.availableFunds).toBe(500);
    expect(stopped.activity).toEqual([
      {
        adId: ad.id,
        postId: w.postId,
        title: 'Road bike',
        date: ad.createdAt,
        status: 'stopped',
        statusLabel: 'Stopped',
        runUntilPaused: false,
        spent: 1000,
        budget: 1500,
        creditedToFunds: 500,
        reserved: 0,
      },
    ]);

    // A new boost of 2 days draws the $5 of funds and waits in checkout for the other $5.
    w.clock.advance(HOUR);
    const desk = await createPost(w.app.db, { user_id: w.owner.id, text_plain: 'Desk' });
    const pending = await createBoost(w, { postId: desk.id, goal: 'message', days: 2, title: 'Desk' });
    const withCheckout = await paymentsPage(w);
    expect(withCheckout.availableFunds).toBe(0);
    expect(withCheckout.activity.map((item) => item.adId)).toEqual([pending.ad.id, ad.id]);
    expect(withCheckout.activity[0]).toMatchObject({
      status: 'checkout',
      statusLabel: 'Not Paid',
      spent: null,
      budget: 1000,
      reserved: 500,
    });
    // Stripe took $15 and nothing else: $10 ran, $5 is held by the checkout.
    expect(w.stripe.payments.map((payment) => payment.amount)).toEqual([1500]);
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('keeps a deleted ad that was paid for (a money record), drops a cancelled checkout, and bills a daily ad per day', async () => {
    const w = await stripeWorld();
    const daily = await createBoost(w, { goal: 'message', runUntilPaused: true, title: 'Every day' });
    w.stripe.pay(daily.ad.checkoutSessionId ?? '');
    await postWebhook(w, daily.ad.checkoutSessionId ?? '');
    for (const step of [DAY + HOUR, DAY]) {
      w.clock.advance(step);
      await w.runJob();
    }
    const running = (await paymentsPage(w)).activity[0];
    expect(running).toMatchObject({ runUntilPaused: true, statusLabel: 'Running', spent: 1500, budget: 1500 });
    await w.app.request(`/api/ads/${daily.ad.id}`, { method: 'DELETE', session: w.owner.session });
    const lamp = await createPost(w.app.db, { user_id: w.owner.id, text_plain: 'Lamp' });
    const cancelled = await createBoost(w, { postId: lamp.id, days: 2 });
    await w.app.request(`/api/ads/checkout/${cancelled.ad.checkoutSessionId}`, {
      method: 'DELETE',
      session: w.owner.session,
    });
    const page = await paymentsPage(w);
    expect(page.activity).toHaveLength(1);
    expect(page.activity[0]).toMatchObject({ adId: daily.ad.id, statusLabel: 'Stopped', spent: 1500, budget: 1500 });
    const took = w.stripe.payments.reduce((total, payment) => total + payment.amount, 0);
    expect(took).toBe(1500);
  });
});
