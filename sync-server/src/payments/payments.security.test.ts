import type { PaymentsResponse } from '@campus/shared/payments-api';
import { describe, expect, it } from 'vitest';
import { adAction, createBoost, HOUR, testModeWorld } from '../ads/ads.test-helpers.ts';
import { createUser } from '../test/factories.ts';

async function paidAndStopped(w: Awaited<ReturnType<typeof testModeWorld>>) {
  const { ad, checkoutUrl } = await createBoost(w, { days: 3 });
  await w.app.request(`${checkoutUrl}/pay`, { method: 'POST', session: w.owner.session });
  w.clock.advance(HOUR);
  expect((await adAction(w, ad.id, 'stop')).status).toBe(200);
  return ad;
}

describe('GET /api/payments: only the viewer’s own money, only on their campus', () => {
  it('another member of the campus sees none of the owner’s ads nor funds', async () => {
    const w = await testModeWorld();
    const ad = await paidAndStopped(w);
    const other = await createUser(w.app.db, { first_name: 'Mallory' });
    const response = await w.app.request('/api/payments', { session: await w.app.signInAs(other.id) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PaymentsResponse;
    expect(body).toEqual({ availableFunds: 0, activity: [] });
    expect(JSON.stringify(body)).not.toContain(ad.id);
  });

  it('another campus sees nothing: the owner on UT’s host is refused, a UT student finds no OU ad', async () => {
    const w = await testModeWorld();
    const ad = await paidAndStopped(w);
    const ownerOnUt = await w.app.request('/api/payments', { session: w.owner.session, host: 'utexas.localhost' });
    expect(ownerOnUt.status).toBe(403);
    expect(await ownerOnUt.text()).not.toContain(ad.id);
    const texan = await createUser(w.app.db, { campus_id: 'ut', email: 'texan@utexas.edu', first_name: 'Tex' });
    const session = await w.app.signInAs(texan.id);
    const texanOnOu = await w.app.request('/api/payments', { session });
    expect(texanOnOu.status).toBe(403);
    const texanOnUt = await w.app.request('/api/payments', { session, host: 'utexas.localhost' });
    expect(((await texanOnUt.json()) as PaymentsResponse).activity).toEqual([]);
  });

  it('an ad moved to another campus’s rows is not counted on this one (campus scoping in the query)', async () => {
    const w = await testModeWorld();
    const ad = await paidAndStopped(w);
    await w.app.db.updateTable('ads').set({ campus_id: 'ut' }).where('id', '=', ad.id).execute();
    const response = await w.app.request('/api/payments', { session: w.owner.session });
    expect(((await response.json()) as PaymentsResponse).activity).toEqual([]);
  });
});
