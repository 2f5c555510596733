import type { AdDto, AdListResponse, FeedAdsResponse, FundsResponse } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import type { PaymentsResponse } from '@campus/shared/payments-api';
import { scaled } from '@campus/shared/time-scale';
import { describe, expect, it } from 'vitest';
import {
  adOf,
  type BoostWorld,
  createBoost,
  expectMoneyAddsUp,
  postWebhook,
  stripeWorld,
  testModeWorld,
  WEBHOOK_PATH,
} from './ads.test-helpers.ts';

const BOOST = { goal: 'website', url: 'https://www.example.com', label: 'Shop Now', days: 3 } as const;

async function myAds(w: BoostWorld): Promise<AdDto[]> {
  const response = await w.app.request('/api/ads', { session: w.owner.session });
  return ((await response.json()) as AdListResponse).ads;
}

async function feedAds(w: BoostWorld): Promise<unknown[]> {
  return ((await (await w.app.request('/api/ads/feed')).json()) as FeedAdsResponse).ads;
}

// issue 35 item 2: two checkouts for one post (two tabs, Back, a retry) each activated when paid.
describe('one checkout per post', { timeout: scaled(30_000) }, () => {
  it('closes the open checkout at Stripe when the student boosts the post again: only the new one can be paid', async () => {
    const w = await stripeWorld();
    const first = await createBoost(w);
    const second = await createBoost(w, { days: 5 });
    const firstSession = first.ad.checkoutSessionId ?? '';
    expect(w.stripe.sessions.get(firstSession)?.status).toBe('expired');
    expect(() => w.stripe.pay(firstSession)).toThrow('has expired');
    expect((await myAds(w)).map((ad) => ad.id)).toEqual([second.ad.id]);

    w.stripe.pay(second.ad.checkoutSessionId ?? '');
    expect((await postWebhook(w, second.ad.checkoutSessionId ?? '')).status).toBe(200);
    expect((await adOf(w, second.ad.id)).status).toBe('active');
    expect(w.stripe.payments).toHaveLength(1);
    expect(await feedAds(w)).toHaveLength(1);
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('lets one of three boosts sent at once through; the others are refused with a clear message', async () => {
    const w = await stripeWorld();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        w.app.request('/api/ads', { session: w.owner.session, json: { postId: w.postId, ...BOOST } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toEqual({ errors: [{ code: 'conflict', msg: AD_MESSAGES.checkoutOpen }] });
    expect(w.stripe.sessions.size).toBe(1);
    expect(await myAds(w)).toHaveLength(1);
  });

  it('applies a checkout paid just before the student boosts again, and refuses the new boost as already boosted', async () => {
    const w = await stripeWorld();
    const first = await createBoost(w);
    w.stripe.pay(first.ad.checkoutSessionId ?? '');
    const again = await w.app.request('/api/ads', { session: w.owner.session, json: { postId: w.postId, ...BOOST } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ errors: [{ code: 'already_boosted', msg: AD_MESSAGES.alreadyBoosted }] });
    expect((await adOf(w, first.ad.id)).status).toBe('active');
    expect(w.stripe.payments).toHaveLength(1);
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('turns a payment for a post already running an ad into Available Funds, never a second running ad', async () => {
    const w = await stripeWorld();
    const stale = await createBoost(w);
    const staleSession = stale.ad.checkoutSessionId ?? '';
    // The post got its boost another way meanwhile (another server's request, an old client).
    const running = await createBoost(w, { days: 2 });
    w.stripe.pay(running.ad.checkoutSessionId ?? '');
    await postWebhook(w, running.ad.checkoutSessionId ?? '');
    // Stripe let the stale session be paid anyway (say, its expiry had failed): reopened here by hand.
    const session = w.stripe.sessions.get(staleSession);
    if (!session) throw new Error('no stale session');
    session.status = 'open';
    await w.app.db.updateTable('ads').set({ deleted_at: null }).where('id', '=', stale.ad.id).execute();
    w.stripe.pay(staleSession);
    expect((await postWebhook(w, staleSession)).status).toBe(200);

    expect((await adOf(w, stale.ad.id)).status).toBe('stopped');
    expect(await feedAds(w)).toHaveLength(1);
    const confirm = await w.app.request(`/api/ads/checkout/${staleSession}/confirm`, {
      method: 'POST',
      session: w.owner.session,
    });
    expect(((await confirm.json()) as { ad: AdDto }).ad.status).toBe('stopped');
    const funds = (await (await w.app.request('/api/ads/funds', { session: w.owner.session })).json()) as FundsResponse;
    expect(funds.availableFunds).toBe(1500);
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('is not blocked for good by a checkout whose process stopped before its session was made', async () => {
    const w = await testModeWorld();
    const stuck = await createBoost(w);
    // As if the server had stopped between writing the ad and asking for its session.
    await w.app.db.updateTable('ads').set({ checkout_session_id: null }).where('id', '=', stuck.ad.id).execute();
    const meanwhile = await w.app.request('/api/ads', {
      session: w.owner.session,
      json: { postId: w.postId, ...BOOST },
    });
    expect(meanwhile.status).toBe(409);
    w.clock.advance(2 * 60_000);
    const later = await createBoost(w);
    expect((await myAds(w)).map((ad) => ad.id)).toEqual([later.ad.id]);
  });

  it('in test mode, the checkout page of a replaced checkout is gone and cannot be paid', async () => {
    const w = await testModeWorld();
    const first = await createBoost(w);
    await createBoost(w, { days: 4 });
    expect((await w.app.request(first.checkoutUrl, { session: w.owner.session })).status).toBe(404);
    const pay = await w.app.request(`${first.checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect(pay.status).toBe(404);
    expect((await myAds(w)).map((ad) => ad.status)).toEqual(['checkout']);
  });
});

async function paymentActivity(w: BoostWorld) {
  const response = await w.app.request('/api/payments', { session: w.owner.session });
  return ((await response.json()) as PaymentsResponse).activity;
}

// issue 35 item 4: Back or a closed tab left a 'Not Paid' ad in My Ads and '-- of $5.00' in Payments for good.
describe('an abandoned checkout', { timeout: scaled(30_000) }, () => {
  it('expires at Stripe after an hour and leaves My Ads and Payments, its Available Funds back', async () => {
    const w = await stripeWorld();
    await w.app.db.updateTable('users').set({ available_funds: 500 }).where('id', '=', w.owner.id).execute();
    const { ad } = await createBoost(w);
    const sessionId = ad.checkoutSessionId ?? '';
    expect(ad.status).toBe('checkout');
    // Stripe's page says what is bought and what funds paid, and stops taking a payment in an hour.
    const atStripe = w.stripe.sessions.get(sessionId);
    expect(atStripe?.expires_at).toBe(Math.floor(w.clock.now() / 1000) + 3600);
    expect(atStripe?.line_item.description).toBe(`${ad.title}: 3 days x $5.00; $5.00 of Available Funds applied`);
    w.clock.advance(30 * 60_000);
    await w.runJob();
    expect((await myAds(w)).map((row) => row.id)).toEqual([ad.id]);

    w.clock.advance(35 * 60_000);
    await w.runJob();
    expect(w.stripe.sessions.get(sessionId)?.status).toBe('expired');
    expect(() => w.stripe.pay(sessionId)).toThrow('has expired');
    expect(await myAds(w)).toEqual([]);
    expect(await paymentActivity(w)).toEqual([]);
    const funds = (await (await w.app.request('/api/ads/funds', { session: w.owner.session })).json()) as FundsResponse;
    // Given by hand above, so the ledger's only rows are this checkout's draw and its return.
    expect(funds.availableFunds).toBe(500);
    const ledger = await w.app.db.selectFrom('ad_charges').select(['kind', 'amount']).orderBy('created_at').execute();
    expect(ledger).toEqual([
      { kind: 'funds_drawn', amount: 500 },
      { kind: 'funds_returned', amount: 500 },
    ]);
  });

  it('expires in test mode too: its page takes no payment, and the post can be boosted again', async () => {
    const w = await testModeWorld();
    const { checkoutUrl } = await createBoost(w);
    w.clock.advance(65 * 60_000);
    await w.runJob();
    expect(await myAds(w)).toEqual([]);
    const late = await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect(late.status).toBe(404);
    expect((await createBoost(w)).ad.status).toBe('checkout');
  });

  it('leaves at once when Stripe posts checkout.session.expired, its funds back, once per event', async () => {
    const w = await stripeWorld();
    await w.app.db.updateTable('users').set({ available_funds: 500 }).where('id', '=', w.owner.id).execute();
    const { ad } = await createBoost(w);
    const sessionId = ad.checkoutSessionId ?? '';
    w.stripe.expire(sessionId);
    const { body, headers } = w.stripe.sessionEvent('checkout.session.expired', sessionId, { eventId: 'evt_expired' });
    for (let delivery = 0; delivery < 2; delivery++) {
      const response = await w.app.request(WEBHOOK_PATH, { method: 'POST', body, headers });
      expect(response.status).toBe(200);
    }
    expect(await myAds(w)).toEqual([]);
    const ledger = await w.app.db.selectFrom('ad_charges').select(['kind', 'amount']).orderBy('created_at').execute();
    expect(ledger).toEqual([
      { kind: 'funds_drawn', amount: 500 },
      { kind: 'funds_returned', amount: 500 },
    ]);
    expect((await createBoost(w)).ad.status).toBe('checkout');
  });

  it('is applied, not closed, when an expired event comes for a session Stripe says is paid', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    w.stripe.pay(ad.checkoutSessionId ?? '');
    const { body, headers } = w.stripe.sessionEvent('checkout.session.expired', ad.checkoutSessionId ?? '');
    expect((await w.app.request(WEBHOOK_PATH, { method: 'POST', body, headers })).status).toBe(200);
    expect((await adOf(w, ad.id)).status).toBe('active');
    await expectMoneyAddsUp(w, w.owner.id);
  });

  it('is applied, not removed, when it was paid just before it expired', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    w.stripe.pay(ad.checkoutSessionId ?? '');
    w.clock.advance(65 * 60_000);
    await w.runJob();
    expect((await adOf(w, ad.id)).status).toBe('active');
    await expectMoneyAddsUp(w, w.owner.id);
  });
});
