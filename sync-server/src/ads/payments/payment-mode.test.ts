import type { CampusDto } from '@campus/shared/campus-api';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startServer } from '../../server.ts';
import { createUser } from '../../test/factories.ts';
import { captureStdout, getWithHost, PRODUCTION_BASE_DOMAIN, productionEnv } from '../../test/production-env.ts';
import { adOf, createBoost, testModeWorld } from '../ads.test-helpers.ts';

const BOOST = { goal: 'website', url: 'https://www.example.com', label: 'Shop Now', days: 30 } as const;

// issue 35 item 1: production without Stripe keys mounted the test checkout and gave boosts away.
describe('who takes the money for boosts (decision 041)', () => {
  it('is nobody in production without Stripe keys, unless PAYMENTS=test asks for the test checkout', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).paymentMode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).paymentMode).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1' }).paymentMode).toBe('stripe');
    expect(loadConfig({}).paymentMode).toBe('test');
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', PAYMENTS: 'off' }).paymentMode).toBe('off');
    expect(() => loadConfig({ PAYMENTS: 'free' })).toThrow('PAYMENTS must be "test" or "off"');
  });

  it('with nobody, refuses a boost before writing anything, serves no test checkout and tells the app', async () => {
    const w = await testModeWorld({ paymentMode: 'off' });
    const refused = await w.app.request('/api/ads', { session: w.owner.session, json: { postId: w.postId, ...BOOST } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      errors: [{ code: 'unavailable', msg: 'Boosts are not available on this server.' }],
    });
    expect(await w.app.db.selectFrom('ads').select('id').execute()).toEqual([]);
    expect(await w.app.db.selectFrom('test_checkout_sessions').select('id').execute()).toEqual([]);
    expect((await w.app.request('/checkout/test/cs_test_local_1')).status).toBe(404);
    expect((await w.app.request('/checkout/test/cs_test_local_1/pay', { method: 'POST' })).status).toBe(404);
    const campus = (await (await w.app.request('/api/campus')).json()) as CampusDto;
    expect(campus.boostsAvailable).toBe(false);
  });

  it('in test mode tells the app that boosts are on', async () => {
    const w = await testModeWorld();
    const campus = (await (await w.app.request('/api/campus')).json()) as CampusDto;
    expect(campus.boostsAvailable).toBe(true);
  });

  it('a production start with PAYMENTS=off serves no test checkout and says in its log that boosts are off', async () => {
    const stdout = captureStdout();
    const server = await startServer(
      loadConfig(await productionEnv({ PAYMENTS: 'off' }), { port: 0, host: '127.0.0.1', seedDemo: false }),
    );
    onTestFinished(() => server.close());
    const host = `ou.${PRODUCTION_BASE_DOMAIN}`;
    expect((await getWithHost(server.port, '/checkout/test/cs_test_local_1', host)).status).toBe(404);
    const campus = await getWithHost(server.port, '/api/campus', host);
    expect(campus.json<CampusDto>().boostsAvailable).toBe(false);
    await expect.poll(() => stdout.text()).toContain('payments: off: boosts are not offered');
  });
});

// issue 35 item 1: an unauthenticated POST from a foreign Origin paid another student's checkout.
describe('the test checkout page answers only its ad owner, from this site', () => {
  it('is not found for a visitor or another student, and their Pay changes nothing', async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    const other = await createUser(w.app.db, { first_name: 'Other', profile_set_up: 1 });
    const otherSession = await w.app.signInAs(other.id);
    expect((await w.app.request(checkoutUrl)).status).toBe(404);
    expect((await w.app.request(checkoutUrl, { session: otherSession })).status).toBe(404);
    expect((await w.app.request(`${checkoutUrl}/pay`, { method: 'POST' })).status).toBe(404);
    expect((await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: otherSession })).status).toBe(404);
    expect((await adOf(w, ad.id)).status).toBe('checkout');
  });

  it("refuses the owner's Pay sent from another site", async () => {
    const w = await testModeWorld();
    const { ad, checkoutUrl } = await createBoost(w);
    const forged = await w.app.request(`${checkoutUrl}/pay`, {
      method: 'POST',
      session: w.owner.session,
      headers: { origin: 'https://attacker.example' },
    });
    expect(forged.status).toBe(403);
    expect((await adOf(w, ad.id)).status).toBe('checkout');
    const paid = await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
    expect(paid.status).toBe(303);
    expect((await adOf(w, ad.id)).status).toBe('active');
  });
});
