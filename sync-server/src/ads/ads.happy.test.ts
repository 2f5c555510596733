import type { AdAnalyticsResponse, AdDto, AdListResponse, FeedAdsResponse, FundsResponse } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { scaled } from '@campus/shared/time-scale';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
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
  testModeWorld,
} from './ads.test-helpers.ts';
import { createPaymentGateway, isTestModeGateway } from './payments/payment-setup.ts';

describe('boosts through Stripe (the stand-in over HTTP)', { timeout: scaled(30_000) }, () => {
  it('creates the ad in checkout with one "Boost Post" line item of days x 500 cents and both return URLs', async () => {
    const w = await stripeWorld();
    const created = await createBoost(w, { days: 3 });
    expect(created.msg).toBe(AD_MESSAGES.processing);
    expect(created.ad).toMatchObject({
      status: 'checkout',
      statusLabel: 'Not Paid',
      postId: w.postId,
      title: 'Road bike, barely used',
      cta: { type: 'website', url: 'https://www.example.com', label: 'Shop Now' },
      budget: { durationMinutes: 3 * 1440, amountBudgeted: 1500, totalSpent: 0 },
      runUntilPaused: false,
      startTime: null,
    });
    const session = w.stripe.sessions.get(created.ad.checkoutSessionId ?? '');
    expect(created.checkoutUrl).toBe(session?.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 1500,
      line_item: { name: 'Boost Post', unit_amount: 1500, quantity: 1, currency: 'usd' },
      success_url: `http://ou.localhost/post/${w.postId}/boost/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://ou.localhost/post/${w.postId}/boost/cancel?session_id={CHECKOUT_SESSION_ID}`,
      setup_future_usage: null,
    });
  });

  it('activates on the signed webhook; the success page then finds it active; a replayed event changes nothing', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    const sessionId = ad.checkoutSessionId ?? '';
    w.stripe.pay(sessionId);
    const first = await postWebhook(w, sessionId, 'evt_once');
    expect(first.status).toBe(200);
    const active = await adOf(w, ad.id);
    expect(active).toMatchObject({
      status: 'active',
      statusLabel: 'Running',
      startTime: new Date(START).toISOString(),
      endTimeAdjusted: new Date(START + 3 * DAY).toISOString(),
      budget: { totalSpent: 500 },
    });
    const confirm = await w.app.request(`/api/ads/checkout/${sessionId}/confirm`, {
      method: 'POST',
      session: w.owner.session,
    });
    expect(((await confirm.json()) as { ad: AdDto }).ad).toEqual(active);
    w.clock.advance(HOUR);
    expect((await postWebhook(w, sessionId, 'evt_once')).status).toBe(200);
    expect((await postWebhook(w, sessionId, 'evt_other_delivery')).status).toBe(200);
    expect(await adOf(w, ad.id)).toEqual(active);
    const charges = await w.app.db.selectFrom('ad_charges').selectAll().execute();
    expect(charges.map((c) => [c.kind, c.amount, c.stripe_id])).toEqual([
      ['stripe_payment', 1500, w.stripe.sessions.get(sessionId)?.payment_intent],
    ]);
    expect(await w.app.db.selectFrom('stripe_events').select('id').orderBy('id').execute()).toEqual([
      { id: 'evt_once' },
      { id: 'evt_other_delivery' },
    ]);
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('activates on the success page first; the webhook after it changes nothing', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    const sessionId = ad.checkoutSessionId ?? '';
    w.stripe.pay(sessionId);
    const confirm = await w.app.request(`/api/ads/checkout/${sessionId}/confirm`, {
      method: 'POST',
      session: w.owner.session,
    });
    expect(confirm.status).toBe(200);
    const active = ((await confirm.json()) as { ad: AdDto }).ad;
    expect(active.status).toBe('active');
    w.clock.advance(HOUR);
    expect((await postWebhook(w, sessionId)).status).toBe(200);
    expect(await adOf(w, ad.id)).toEqual(active);
    expect(await w.app.db.selectFrom('ad_charges').select('kind').execute()).toHaveLength(1);
  });

  it('leaves the ad in checkout when the success URL is opened for an unpaid session', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    const confirm = await w.app.request(`/api/ads/checkout/${ad.checkoutSessionId}/confirm`, {
      method: 'POST',
      session: w.owner.session,
    });
    expect(confirm.status).toBe(200);
    expect(((await confirm.json()) as { ad: AdDto }).ad.status).toBe('checkout');
    expect(await w.app.db.selectFrom('ad_charges').select('id').execute()).toEqual([]);
  });

  it('cancel deletes the checkout ad of the session; the post can be boosted again', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    const cancel = await w.app.request(`/api/ads/checkout/${ad.checkoutSessionId}`, {
      method: 'DELETE',
      session: w.owner.session,
    });
    expect(cancel.status).toBe(204);
    expect((await w.app.request(`/api/ads/${ad.id}`, { session: w.owner.session })).status).toBe(404);
    const list = (await (await w.app.request('/api/ads', { session: w.owner.session })).json()) as AdListResponse;
    expect(list.ads).toEqual([]);
    await createBoost(w);
  });

  it('pause, resume, stop: each pause pushes the end and adds to time_paused; stop credits the days not started', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w, { days: 5 });
    w.stripe.pay(ad.checkoutSessionId ?? '');
    await postWebhook(w, ad.checkoutSessionId ?? '');
    w.clock.advance(30 * HOUR);
    const paused = await adAction(w, ad.id, 'pause');
    expect(((await paused.json()) as { ad: AdDto; msg: string }).msg).toBe(AD_MESSAGES.paused);
    let current = await adOf(w, ad.id);
    expect(current).toMatchObject({ status: 'paused', statusLabel: 'Paused', budget: { totalSpent: 1000 } });
    w.clock.advance(10 * HOUR);
    const resumed = await adAction(w, ad.id, 'resume');
    expect(((await resumed.json()) as { msg: string }).msg).toBe(AD_MESSAGES.resumed);
    current = await adOf(w, ad.id);
    expect(current).toMatchObject({
      status: 'active',
      pausedAt: null,
      timePaused: 10 * HOUR,
      endTimeAdjusted: new Date(START + 5 * DAY + 10 * HOUR).toISOString(),
    });
    w.clock.advance(2 * HOUR);
    await adAction(w, ad.id, 'pause');
    w.clock.advance(4 * HOUR);
    await adAction(w, ad.id, 'resume');
    current = await adOf(w, ad.id);
    expect(current.timePaused).toBe(14 * HOUR);
    expect(current.endTimeAdjusted).toBe(new Date(START + 5 * DAY + 14 * HOUR).toISOString());
    // Ran 30 + 2 + 20 = 52 hours: day 3 has started, days 4 and 5 go back to Available Funds.
    w.clock.advance(20 * HOUR);
    const stopped = await adAction(w, ad.id, 'stop');
    expect(((await stopped.json()) as { msg: string }).msg).toBe(AD_MESSAGES.stopped);
    current = await adOf(w, ad.id);
    expect(current).toMatchObject({
      status: 'stopped',
      statusLabel: 'Stopped',
      pausedAt: null,
      budget: { totalSpent: 1500 },
    });
    const funds = (await (await w.app.request('/api/ads/funds', { session: w.owner.session })).json()) as FundsResponse;
    expect(funds.availableFunds).toBe(1000);
    expect(await expectMoneyAddsUp(w, w.owner.id)).toMatchObject({ charged: 2500, spent: 1500, funds: 1000 });
  });

  it('completes when the end passes, with the whole budget spent; the lifecycle job is idempotent', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w, { days: 2 });
    w.stripe.pay(ad.checkoutSessionId ?? '');
    await postWebhook(w, ad.checkoutSessionId ?? '');
    w.clock.advance(DAY + HOUR);
    await w.runJob();
    expect((await adOf(w, ad.id)).budget.totalSpent).toBe(1000);
    w.clock.advance(DAY);
    await w.runJob();
    await w.runJob();
    expect(await adOf(w, ad.id)).toMatchObject({
      status: 'completed',
      statusLabel: 'Completed',
      budget: { totalSpent: 1000 },
    });
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('renames (spec: Saved changes!), replaces an open checkout and deletes', async () => {
    const w = await stripeWorld();
    const first = await createBoost(w);
    await w.app.request(`/api/ads/checkout/${first.ad.checkoutSessionId}`, {
      method: 'DELETE',
      session: w.owner.session,
    });
    w.clock.advance(1000);
    const second = await createBoost(w, { goal: 'message', days: 1 });
    expect(second.ad.cta).toEqual({ type: 'message', url: null, label: null });
    const renamed = await w.app.request(`/api/ads/${second.ad.id}`, {
      method: 'PATCH',
      session: w.owner.session,
      json: { title: 'Spring sale' },
    });
    expect(await renamed.json()).toMatchObject({ ad: { title: 'Spring sale' }, msg: AD_MESSAGES.saved });
    w.clock.advance(1000);
    const third = await createBoost(w, { goal: 'message', days: 2 });
    // One checkout per post (issue 35): the new one replaces the open one, whose session is closed.
    expect(w.stripe.sessions.get(second.ad.checkoutSessionId ?? '')?.status).toBe('expired');
    const list = (await (await w.app.request('/api/ads', { session: w.owner.session })).json()) as AdListResponse;
    expect(list.ads.map((a) => a.budget.amountBudgeted)).toEqual([1000]);
    const deleted = await w.app.request(`/api/ads/${third.ad.id}`, { method: 'DELETE', session: w.owner.session });
    expect(deleted.status).toBe(204);
    expect((await w.app.request(`/api/ads/${third.ad.id}`, { session: w.owner.session })).status).toBe(404);
  });
});

// issue 39 item 3: titles were the post's first 50 characters, cut mid-word ('…tall. Cannot sh').
describe("an ad's title when none is given", () => {
  it("is the post's text cut at the last word that fits, with nothing left hanging", async () => {
    const w = await testModeWorld();
    await w.app.db
      .updateTable('posts')
      .set({ text_plain: 'IKEA desk lamp, white, about 50 cm tall. Cannot ship, pick up near Couch.' })
      .where('id', '=', w.postId)
      .execute();
    const { ad } = await createBoost(w, { goal: 'message', days: 1 });
    expect(ad.title).toBe('IKEA desk lamp, white, about 50 cm tall. Cannot');
  });
});

describe('the built-in test-mode checkout (npm start without Stripe keys)', () => {
  it('shows a page labelled Test mode; Pay activates through the same code path and goes to the success URL', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w, { days: 2 });
    expect(checkoutUrl).toBe(`/checkout/test/${ad.checkoutSessionId}`);
    const page = await w.app.request(checkoutUrl, { session: w.owner.session });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Test mode');
    expect(html).toContain('Pay $10.00');
    expect(html).toContain('Boost Post');
    // Opening the success URL before paying activates nothing.
    const early = await w.app.request(`/api/ads/checkout/${ad.checkoutSessionId}/confirm`, {
      method: 'POST',
      session: w.owner.session,
    });
    expect(((await early.json()) as { ad: AdDto }).ad.status).toBe('checkout');
    const pay = await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(
      `http://ou.localhost/post/${w.postId}/boost/success?session_id=${ad.checkoutSessionId}`,
    );
    expect(await adOf(w, ad.id)).toMatchObject({ status: 'active', budget: { totalSpent: 500 } });
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('Cancel goes back to the cancel URL and leaves the ad in checkout for the cancel page', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    const cancel = await w.app.request(`${checkoutUrl}/cancel`, { method: 'POST', session: w.owner.session });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(
      `http://ou.localhost/post/${w.postId}/boost/cancel?session_id=${ad.checkoutSessionId}`,
    );
    expect((await adOf(w, ad.id)).status).toBe('checkout');
  });

  it('keeps a checkout across a restart: the page opened before it is paid after it, and a retried charge is one', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w, { days: 3 });
    const sessionId = ad.checkoutSessionId ?? '';
    // A new process's gateway: nothing of the first one is in its memory.
    const restarted = createPaymentGateway(w.app.config, w.app.db);
    if (!isTestModeGateway(restarted)) throw new Error('expected the test-mode gateway');
    expect(await restarted.session(sessionId)).toMatchObject({ adId: ad.id, amountCents: 1500, isPaid: false });
    expect((await w.app.request(checkoutUrl, { session: w.owner.session })).status).toBe(200);
    expect(await restarted.pay(sessionId)).toBe(true);
    // The app's own gateway (the other 'process') sees the payment, so the success page activates the ad.
    const confirmed = await w.app.request(`/api/ads/checkout/${sessionId}/confirm`, {
      method: 'POST',
      session: w.owner.session,
    });
    expect(((await confirmed.json()) as { ad: AdDto }).ad.status).toBe('active');
    expect(await restarted.pay('cs_test_local_unknown')).toBe(false);

    const charge = { customerId: 'cus_x', paymentMethodId: 'pm_x', amountCents: 500, adId: ad.id };
    const first = await restarted.chargeSavedCard({ ...charge, idempotencyKey: `ad:${ad.id}:day:2` });
    const again = await createPaymentGateway(w.app.config, w.app.db).chargeSavedCard({
      ...charge,
      idempotencyKey: `ad:${ad.id}:day:2`,
    });
    expect(again).toEqual(first);
  });
});

describe('ads in the feed (spec 3 §1, §7)', () => {
  it('answers running ads with their posts to other students; a paused or ended ad is not there; resumed, it is back', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w, { days: 1 });
    const reader = await createUser(w.app.db, { first_name: 'Reader', verified: 1, school_verified: 1 });
    const session = await w.app.signInAs(reader.id);
    const feedAds = async () =>
      ((await (await w.app.request('/api/ads/feed', { session })).json()) as FeedAdsResponse).ads;
    expect(await feedAds()).toEqual([]);
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    const [shown] = await feedAds();
    expect(shown).toMatchObject({
      id: ad.id,
      postId: w.postId,
      cta: { type: 'website', url: 'https://www.example.com', label: 'Shop Now' },
      status: 'active',
      post: { id: w.postId },
    });
    // Visitors see it too (the feed is public).
    expect(((await (await w.app.request('/api/ads/feed')).json()) as FeedAdsResponse).ads).toHaveLength(1);
    await adAction(w, ad.id, 'pause');
    expect(await feedAds()).toEqual([]);
    await adAction(w, ad.id, 'resume');
    expect(await feedAds()).toHaveLength(1);
    // Past its end (before the job even completes it) it is not shown.
    w.clock.advance(DAY + HOUR);
    expect(await feedAds()).toEqual([]);
    // Another campus never sees it.
    const texas = await w.app.request('/api/ads/feed', { host: 'utexas.localhost' });
    expect(((await texas.json()) as FeedAdsResponse).ads).toEqual([]);
  });

  it('?postId= narrows the owner’s list to one post', async () => {
    const w = await testModeWorld();
    const { ad } = await createBoost(w);
    const mine = await w.app.request(`/api/ads?postId=${w.postId}`, { session: w.owner.session });
    expect(((await mine.json()) as AdListResponse).ads.map((a) => a.id)).toEqual([ad.id]);
    const other = await w.app.request('/api/ads?postId=another', { session: w.owner.session });
    expect(((await other.json()) as AdListResponse).ads).toEqual([]);
  });
});

describe('ad analytics: views per UTC day over the run window (decision 046)', () => {
  async function analytics(w: Awaited<ReturnType<typeof testModeWorld>>, adId: string) {
    const response = await w.app.request(`/api/ads/${adId}/analytics`, { session: w.owner.session });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    return (await response.json()) as AdAnalyticsResponse;
  }

  it('answers every day from the start to today, 0 where no one looked, and stops at the stop', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w, { days: 3 });
    expect(await analytics(w, ad.id)).toEqual({ analytics: null, viewsPerDay: [] });
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    const reader = await w.app.signInAs((await createUser(w.app.db, { first_name: 'Reader' })).id);
    const other = await w.app.signInAs((await createUser(w.app.db, { first_name: 'Other' })).id);
    const view = (pageViewId: string, session = reader) =>
      w.app.request(`/api/posts/${w.postId}/analytics`, { session, json: { actionType: 'view', pageViewId } });
    // START is 09:00 UTC on 1 December: two viewers that day (the reader's second look the same
    // day is the same view), none on the 2nd, one on the 3rd.
    await view('d1-a');
    await view('d1-b');
    await view('d1-c', other);
    expect((await analytics(w, ad.id)).viewsPerDay).toEqual([{ day: '2026-12-01', views: 2 }]);
    w.clock.advance(2 * DAY);
    await view('d3-a');
    const third = await analytics(w, ad.id);
    expect(third.analytics?.views).toBe(3);
    expect(third.viewsPerDay).toEqual([
      { day: '2026-12-01', views: 2 },
      { day: '2026-12-02', views: 0 },
      { day: '2026-12-03', views: 1 },
    ]);
    // Stopped on the 3rd: later days are not part of the run, and later views are not drawn.
    expect((await adAction(w, ad.id, 'stop')).status).toBe(200);
    w.clock.advance(2 * DAY);
    await view('d5-a');
    const stopped = await analytics(w, ad.id);
    expect(stopped.viewsPerDay).toEqual(third.viewsPerDay);
    expect(stopped.analytics?.views).toBe(4);
  });

  it('a run that ran out ends on its last day; a view before the ad started is not drawn', async () => {
    const w = await testModeWorld();
    const reader = await w.app.signInAs((await createUser(w.app.db, { first_name: 'Reader' })).id);
    w.clock.set(START - DAY);
    await w.app.request(`/api/posts/${w.postId}/analytics`, {
      session: reader,
      json: { actionType: 'view', pageViewId: 'before' },
    });
    w.clock.set(START);
    const { ad, checkoutUrl } = await createBoost(w, { days: 1 });
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    w.clock.advance(5 * DAY);
    const ranOut = await analytics(w, ad.id);
    expect(ranOut.viewsPerDay).toEqual([
      { day: '2026-12-01', views: 0 },
      { day: '2026-12-02', views: 0 },
    ]);
    expect(ranOut.analytics?.views).toBe(1);
  });
});
