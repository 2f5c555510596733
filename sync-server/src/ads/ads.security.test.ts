import type { AdListResponse } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../test/accounts.ts';
import { createPost, createUser } from '../test/factories.ts';
import { adOf, createBoost, postWebhook, stripeWorld, testModeWorld } from './ads.test-helpers.ts';

const FULL = { verified: 1, school_verified: 1, profile_set_up: 1 } as const;

describe('boosts: only the owner, only on their campus', () => {
  it('another member cannot boost the owner’s post, nor read, rename, pause, stop, delete or confirm its ad', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    const other = await createUser(w.app.db, { first_name: 'Mallory', ...FULL });
    const session = await w.app.signInAs(other.id);
    const boost = await w.app.request('/api/ads', { session, json: { postId: w.postId, goal: 'message' } });
    expect(await errorsOf(boost, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.postMissing }]);
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/ads/${ad.id}`],
      ['GET', `/api/ads/${ad.id}/analytics`],
      ['PATCH', `/api/ads/${ad.id}`, { title: 'Mine now' }],
      ['POST', `/api/ads/${ad.id}/pause`],
      ['POST', `/api/ads/${ad.id}/stop`],
      ['DELETE', `/api/ads/${ad.id}`],
      ['POST', `/api/ads/checkout/${ad.checkoutSessionId}/confirm`],
      ['DELETE', `/api/ads/checkout/${ad.checkoutSessionId}`],
    ];
    for (const [method, path, json] of attempts) {
      const response = await w.app.request(path, { method, session, json });
      expect(await errorsOf(response, 404), `${method} ${path}`).toEqual([
        { code: 'not_found', msg: AD_MESSAGES.notFound },
      ]);
    }
    const list = (await (await w.app.request('/api/ads', { session })).json()) as AdListResponse;
    expect(list.ads).toEqual([]);
    expect(await adOf(w, ad.id)).toMatchObject({ status: 'active', title: 'Road bike, barely used' });
  });

  it('another campus sees nothing: the owner’s own session on another campus’s host finds no ad', async () => {
    const w = await testModeWorld();
    const { ad } = await createBoost(w);
    const texan = await createUser(w.app.db, {
      campus_id: 'ut',
      email: 'texan@utexas.edu',
      first_name: 'Tex',
      ...FULL,
    });
    const texanPost = await createPost(w.app.db, { user_id: texan.id, campus_id: 'ut' });
    const session = await w.app.signInAs(texan.id);
    // A UT student on OU's host is a guest: no writes, and no OU ads.
    const onOu = await w.app.request('/api/ads', { session, json: { postId: texanPost.id, goal: 'message' } });
    expect(onOu.status).toBe(403);
    // On UT's host the owner of an OU ad finds nothing of it.
    const ownerOnUt = await w.app.request(`/api/ads/${ad.id}`, { session: w.owner.session, host: 'utexas.localhost' });
    expect(ownerOnUt.status).toBe(403);
    const texanOnUt = await w.app.request(`/api/ads/${ad.id}`, { session, host: 'utexas.localhost' });
    expect(await errorsOf(texanOnUt, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.notFound }]);
    // An OU post cannot be boosted from UT's host, even by a UT member who knows its id.
    const crossPost = await w.app.request('/api/ads', {
      session,
      host: 'utexas.localhost',
      json: { postId: w.postId, goal: 'message' },
    });
    expect(await errorsOf(crossPost, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.postMissing }]);
  });

  it('a visitor gets 401 everywhere; a webhook for another student’s session pays only that student’s ad', async () => {
    const w = await stripeWorld();
    for (const path of ['/api/ads', '/api/ads/funds', '/api/ads/x', '/api/ads/x/analytics']) {
      expect((await w.app.request(path)).status).toBe(401);
    }
    const { ad } = await createBoost(w);
    w.stripe.pay(ad.checkoutSessionId ?? '');
    await postWebhook(w, ad.checkoutSessionId ?? '');
    const rows = await w.app.db.selectFrom('ad_charges').select(['user_id', 'ad_id']).execute();
    expect(rows).toEqual([{ user_id: w.owner.id, ad_id: ad.id }]);
  });

  it('a checkout paid for a different amount than the ad’s is not activated', async () => {
    const w = await stripeWorld();
    const { ad } = await createBoost(w, { days: 3 });
    // Someone changes the ad's price after the session was made: the paid amount no longer matches.
    await w.app.db.updateTable('ads').set({ checkout_amount: 500 }).where('id', '=', ad.id).execute();
    w.stripe.pay(ad.checkoutSessionId ?? '');
    const response = await postWebhook(w, ad.checkoutSessionId ?? '');
    expect(response.status).toBe(409);
    expect((await w.app.db.selectFrom('ads').select('status').executeTakeFirstOrThrow()).status).toBe('checkout');
  });
});
