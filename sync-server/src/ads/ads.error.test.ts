import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../test/accounts.ts';
import {
  adAction,
  adOf,
  createBoost,
  HOUR,
  postWebhook,
  STAND_IN_WEBHOOK_SECRET_FOR_TESTS,
  stripeWorld,
  testModeWorld,
  WEBHOOK_PATH,
} from './ads.test-helpers.ts';

describe('boost requests with bad input: 4xx with the spec messages', () => {
  it.each([
    [{ goal: 'website', label: 'Shop Now' }, AD_MESSAGES.websiteRequired, 'url'],
    [{ goal: 'website', url: '', label: 'Shop Now' }, AD_MESSAGES.websiteRequired, 'url'],
    [{ goal: 'website', url: 'example dot com', label: 'Shop Now' }, AD_MESSAGES.websiteInvalid, 'url'],
    [{ goal: 'website', url: 'http://www.example.com', label: 'Shop Now' }, AD_MESSAGES.websiteInvalid, 'url'],
    [
      { goal: 'website', url: `https://www.${'a'.repeat(40)}.com`, label: 'Shop Now' },
      AD_MESSAGES.websiteTooLong,
      'url',
    ],
    [{ goal: 'website', url: 'https://www.example.com' }, AD_MESSAGES.labelRequired, 'label'],
    [{ goal: 'website', url: 'https://www.example.com', label: 'Buy!' }, AD_MESSAGES.labelRequired, 'label'],
    [{ goal: 'message', days: 0 }, AD_MESSAGES.daysRange, 'days'],
    [{ goal: 'message', days: 31 }, AD_MESSAGES.daysRange, 'days'],
    [{ goal: 'message', days: 1.5 }, AD_MESSAGES.daysRange, 'days'],
    [{ goal: 'message', title: 'x'.repeat(51) }, AD_MESSAGES.titleTooLong, 'title'],
    [{ goal: 'banner' }, AD_MESSAGES.goalRequired, 'goal'],
  ])('refuses %j with "%s"', async (body, msg, field) => {
    const w = await testModeWorld();
    const response = await w.app.request('/api/ads', { session: w.owner.session, json: { postId: w.postId, ...body } });
    expect(await errorsOf(response, 422)).toContainEqual({ code: 'validation_failed', msg, field });
    expect(await w.app.db.selectFrom('ads').select('id').execute()).toEqual([]);
  });

  it('refuses an unknown post and a comment with the spec’s missing-page text', async () => {
    const w = await testModeWorld();
    const response = await w.app.request('/api/ads', {
      session: w.owner.session,
      json: { postId: 'no-such-post', goal: 'message' },
    });
    expect(await errorsOf(response, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.postMissing }]);
  });

  it('answers already_boosted (409) while an ad of the post is active or paused', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    const again = await w.app.request('/api/ads', {
      session: w.owner.session,
      json: { postId: w.postId, goal: 'message' },
    });
    expect(await errorsOf(again, 409)).toEqual([{ code: 'already_boosted', msg: AD_MESSAGES.alreadyBoosted }]);
    await adAction(w, ad.id, 'pause');
    const paused = await w.app.request('/api/ads', {
      session: w.owner.session,
      json: { postId: w.postId, goal: 'message' },
    });
    expect((await errorsOf(paused, 409))[0]?.code).toBe('already_boosted');
    await adAction(w, ad.id, 'stop');
    // spec 3 §4: stopped allows Boost Again.
    await createBoost(w);
  });

  it('refuses transitions out of order with the spec messages', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    expect(await errorsOf(await adAction(w, ad.id, 'pause'), 409)).toEqual([
      { code: 'conflict', msg: AD_MESSAGES.onlyActivePause },
    ]);
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect(await errorsOf(await adAction(w, ad.id, 'resume'), 409)).toEqual([
      { code: 'conflict', msg: AD_MESSAGES.onlyPausedResume },
    ]);
    w.clock.advance(HOUR);
    expect((await adAction(w, ad.id, 'stop')).status).toBe(200);
    expect(await errorsOf(await adAction(w, ad.id, 'stop'), 409)).toEqual([
      { code: 'conflict', msg: AD_MESSAGES.alreadyStopped },
    ]);
    expect(await errorsOf(await adAction(w, ad.id, 'pause'), 409)).toEqual([
      { code: 'conflict', msg: AD_MESSAGES.onlyActivePause },
    ]);
    expect(await errorsOf(await adAction(w, 'no-such-ad', 'stop'), 404)).toEqual([
      { code: 'not_found', msg: AD_MESSAGES.notFound },
    ]);
  });

  it('analytics of an unknown or deleted ad is 404 Ad not found (the web shows "Sorry, that ad has been deleted.")', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect((await w.app.request(`/api/ads/${ad.id}`, { method: 'DELETE', session: w.owner.session })).status).toBe(204);
    for (const id of [ad.id, 'no-such-ad']) {
      const response = await w.app.request(`/api/ads/${id}/analytics`, { session: w.owner.session });
      expect(await errorsOf(response, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.notFound }]);
    }
  });

  it('refuses a rename to an empty or too long title', async () => {
    const w = await testModeWorld();
    const { ad } = await createBoost(w);
    for (const [title, msg] of [
      ['  ', AD_MESSAGES.titleRequired],
      ['x'.repeat(51), AD_MESSAGES.titleTooLong],
    ]) {
      const response = await w.app.request(`/api/ads/${ad.id}`, {
        method: 'PATCH',
        session: w.owner.session,
        json: { title },
      });
      expect(await errorsOf(response, 422)).toEqual([{ code: 'validation_failed', msg, field: 'title' }]);
    }
  });

  it('cancel refuses a session that was paid meanwhile, and activates it instead', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    w.stripe.pay(ad.checkoutSessionId ?? '');
    const cancel = await w.app.request(`/api/ads/checkout/${ad.checkoutSessionId}`, {
      method: 'DELETE',
      session: w.owner.session,
    });
    expect(await errorsOf(cancel, 409)).toEqual([{ code: 'conflict', msg: AD_MESSAGES.notCheckout }]);
    const row = await w.app.db.selectFrom('ads').select(['status', 'deleted_at']).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', deleted_at: null });
  });
});

describe('the Stripe webhook refuses what Stripe did not sign', () => {
  it('answers 400 to a forged signature, a missing one and a tampered body, and activates nothing', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w);
    const sessionId = ad.checkoutSessionId ?? '';
    w.stripe.pay(sessionId);
    const forged = w.stripe.completedEvent(sessionId, { secret: 'whsec_attacker' });
    expect(await errorsOf(await w.app.request(WEBHOOK_PATH, { method: 'POST', ...forged }), 400)).toEqual([
      { code: 'bad_request', msg: AD_MESSAGES.badSignature },
    ]);
    const unsigned = await w.app.request(WEBHOOK_PATH, {
      method: 'POST',
      body: forged.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    const genuine = w.stripe.completedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET_FOR_TESTS });
    const tampered = await w.app.request(WEBHOOK_PATH, {
      method: 'POST',
      body: genuine.body.replace('"paid"', '"paid" '),
      headers: genuine.headers,
    });
    expect(tampered.status).toBe(400);
    expect((await w.app.db.selectFrom('ads').select('status').executeTakeFirstOrThrow()).status).toBe('checkout');
    expect(await w.app.db.selectFrom('stripe_events').select('id').execute()).toEqual([]);
    // The genuine event still works afterwards.
    expect((await postWebhook(w, sessionId)).status).toBe(200);
    expect((await w.app.db.selectFrom('ads').select('status').executeTakeFirstOrThrow()).status).toBe('active');
  });

  it('has no webhook in test mode (404)', async () => {
    const w = await testModeWorld();
    const response = await w.app.request(WEBHOOK_PATH, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});

// issue 35 item 3: the form said '$25' and the checkout asked '$15' with no word of a $10 credit.
describe('money told before it moves', () => {
  it('refuses a boost whose shown Available Funds are not the funds there are now; nothing is drawn', async () => {
    const w = await testModeWorld();
    await w.app.db.updateTable('users').set({ available_funds: 1000 }).where('id', '=', w.owner.id).execute();
    const body = { postId: w.postId, goal: 'message', days: 5 };
    // Shown before a credit (or a spend) in another tab.
    for (const fundsApplied of [0, 500, 2500]) {
      const response = await w.app.request('/api/ads', { session: w.owner.session, json: { ...body, fundsApplied } });
      expect(await errorsOf(response, 409)).toEqual([{ code: 'conflict', msg: AD_MESSAGES.fundsChanged }]);
    }
    expect(await w.app.db.selectFrom('ads').select('id').execute()).toEqual([]);
    expect(await w.app.db.selectFrom('ad_charges').select('id').execute()).toEqual([]);
    const shown = await w.app.request('/api/ads', { session: w.owner.session, json: { ...body, fundsApplied: 1000 } });
    expect(shown.status).toBe(201);
  });

  it('shows the post, the days, the funds applied and the amount due on the test checkout page', async () => {
    const w = await testModeWorld();
    await w.app.db.updateTable('users').set({ available_funds: 1000 }).where('id', '=', w.owner.id).execute();
    const { checkoutUrl } = await createBoost(w, { days: 5, title: 'Desk lamp, barely used', fundsApplied: 1000 });
    const page = await (await w.app.request(checkoutUrl, { session: w.owner.session })).text();
    for (const text of [
      'Desk lamp, barely used',
      '5 days x $5.00',
      '$25.00',
      'Available Funds applied',
      '-$10.00',
      'Pay $15.00',
    ])
      expect(page).toContain(text);
  });

  it('asks only to save a card when Available Funds pay day 1 of run until paused, and charges nothing', async () => {
    const w = await testModeWorld();
    await w.app.db.updateTable('users').set({ available_funds: 1000 }).where('id', '=', w.owner.id).execute();
    const { ad, checkoutUrl } = await createBoost(w, { goal: 'message', runUntilPaused: true, fundsApplied: 500 });
    const page = await (await w.app.request(checkoutUrl, { session: w.owner.session })).text();
    for (const text of ['Until paused, $5.00 a day', '-$5.00', 'Save card', 'today is paid from your Available Funds'])
      expect(page).toContain(text);
    expect(page).not.toContain('Pay $');
    const pay = await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect(pay.status).toBe(303);
    expect(await adOf(w, ad.id)).toMatchObject({ status: 'active', budget: { totalSpent: 500 } });
    expect(
      await w.app.db.selectFrom('ad_charges').select(['kind', 'amount']).where('ad_id', '=', ad.id).execute(),
    ).toEqual([{ kind: 'funds_drawn', amount: 500 }]);
  });
});
