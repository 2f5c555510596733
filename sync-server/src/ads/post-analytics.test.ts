import type { AdAnalyticsResponse } from '@campus/shared/ad-api';
import { AD_MESSAGES } from '@campus/shared/ad-rules';
import { describe, expect, it } from 'vitest';
import { errorsOf } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createBoost, testModeWorld } from './ads.test-helpers.ts';

type World = Awaited<ReturnType<typeof testModeWorld>>;

function track(w: World, body: unknown, init: { session?: string; ip?: string; host?: string } = {}) {
  return w.app.request(`/api/posts/${w.postId}/analytics`, {
    json: body,
    session: init.session,
    host: init.host,
    headers: init.ip ? { 'x-forwarded-for': init.ip } : {},
  });
}

async function analyticsOf(w: World, adId: string) {
  const response = await w.app.request(`/api/ads/${adId}/analytics`, { session: w.owner.session });
  expect(response.status).toBe(200);
  return ((await response.json()) as AdAnalyticsResponse).analytics;
}

describe('post analytics (spec 3 §7 trackPostAnalytics)', () => {
  it('counts each action once per post per day, per user or per address; reach is distinct viewers', async () => {
    const w = await testModeWorld({ trustProxyHops: 1 });
    const { ad, checkoutUrl } = await createBoost(w);
    // "--" while the ad is not paid.
    expect(await analyticsOf(w, ad.id)).toBeNull();
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    const alice = await w.app.signInAs((await createUser(w.app.db, { first_name: 'Alice' })).id);
    const bob = await w.app.signInAs((await createUser(w.app.db, { first_name: 'Bob' })).id);
    const sends: [unknown, { session?: string; ip?: string }][] = [
      [{ actionType: 'view', pageViewId: 'a1' }, { session: alice }],
      [{ actionType: 'view', pageViewId: 'a1' }, { session: alice }],
      [{ actionType: 'copied_link', pageViewId: 'a1' }, { session: alice }],
      // Another page view the same day: the same view.
      [{ actionType: 'view', pageViewId: 'a2' }, { session: alice }],
      [{ actionType: 'view', pageViewId: 'b1' }, { session: bob }],
      [{ actionType: 'direct_message', pageViewId: 'b1' }, { session: bob }],
      [{ actionType: 'external_link_click', pageViewId: 'b1' }, { session: bob }],
      [{ actionType: 'profile_visit', pageViewId: 'b1' }, { session: bob }],
      [{ actionType: 'profile_visit', pageViewId: 'b1' }, { session: bob }],
      // Two visitors at different addresses, one of them twice in one page view.
      [{ actionType: 'view', pageViewId: 'v1' }, { ip: '203.0.113.7' }],
      [{ actionType: 'view', pageViewId: 'v1' }, { ip: '203.0.113.7' }],
      [{ actionType: 'view', pageViewId: 'v1' }, { ip: '198.51.100.4' }],
      // The owner's own look is not counted.
      [{ actionType: 'view', pageViewId: 'o1' }, { session: w.owner.session }],
    ];
    for (const [body, init] of sends) expect((await track(w, body, init)).status).toBe(204);
    expect(await analyticsOf(w, ad.id)).toEqual({
      views: 4,
      accountsReached: 4,
      directMessages: 1,
      copiedLink: 1,
      externalLinkClicks: 1,
      profileVisits: 1,
    });
    // Counted when it arrives late (the ad paused meanwhile, an outbox entry sent hours after).
    await w.app.request(`/api/ads/${ad.id}/pause`, { method: 'POST', session: w.owner.session });
    expect((await track(w, { actionType: 'copied_link', pageViewId: 'b1' }, { session: bob })).status).toBe(204);
    expect((await analyticsOf(w, ad.id))?.copiedLink).toBe(2);
  });

  // issue 35 item 8: fifty requests signed out, each with a new page-view id, were fifty views.
  it('counts a visitor address, or a student, once per post per day whatever page-view ids are sent', async () => {
    const w = await testModeWorld({ trustProxyHops: 1 });
    const { ad, checkoutUrl } = await createBoost(w);
    await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    const alice = await w.app.signInAs((await createUser(w.app.db, { first_name: 'Alice' })).id);
    for (let index = 0; index < 50; index++) {
      expect((await track(w, { actionType: 'view', pageViewId: `v${index}` }, { ip: '203.0.113.7' })).status).toBe(204);
      expect((await track(w, { actionType: 'view', pageViewId: `a${index}` }, { session: alice })).status).toBe(204);
    }
    expect(await analyticsOf(w, ad.id)).toMatchObject({ views: 2, accountsReached: 2 });
    // The next day they count again.
    w.clock.advance(24 * 60 * 60 * 1000);
    expect((await track(w, { actionType: 'view', pageViewId: 'next' }, { ip: '203.0.113.7' })).status).toBe(204);
    expect(await analyticsOf(w, ad.id)).toMatchObject({ views: 3, accountsReached: 2 });
  });

  it('refuses an unknown action type, a missing page view, an unknown post and another campus’s post', async () => {
    const w = await testModeWorld();
    const bad = await track(w, { actionType: 'like', pageViewId: 'x' });
    expect((await errorsOf(bad, 422))[0]?.field).toBe('actionType');
    expect((await errorsOf(await track(w, { actionType: 'view' }), 422))[0]?.field).toBe('pageViewId');
    const unknown = await w.app.request('/api/posts/no-such-post/analytics', {
      json: { actionType: 'view', pageViewId: 'x' },
    });
    expect(await errorsOf(unknown, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.postMissing }]);
    const fromTexas = await track(w, { actionType: 'view', pageViewId: 'x' }, { host: 'utexas.localhost' });
    expect(fromTexas.status).toBe(404);
    expect(await w.app.db.selectFrom('post_analytics').select('post_id').execute()).toEqual([]);
  });

  it('only the owner reads an ad’s analytics', async () => {
    const w = await testModeWorld();
    const { ad } = await createBoost(w);
    const other = await w.app.signInAs(
      (await createUser(w.app.db, { first_name: 'Eve', verified: 1, school_verified: 1 })).id,
    );
    const response = await w.app.request(`/api/ads/${ad.id}/analytics`, { session: other });
    expect(await errorsOf(response, 404)).toEqual([{ code: 'not_found', msg: AD_MESSAGES.notFound }]);
    expect((await w.app.request(`/api/ads/${ad.id}/analytics`)).status).toBe(401);
  });
});
