import { POST_MESSAGES } from '@campus/shared/post-rules';
import { describe, expect, it } from 'vitest';
import { testModeWorld } from '../ads/ads.test-helpers.ts';
import { errorsOf } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';

describe('GET /api/payments refusals', () => {
  it('asks a visitor to sign in (401)', async () => {
    const w = await testModeWorld();
    const response = await w.app.request('/api/payments');
    expect(response.status).toBe(401);
    expect((await errorsOf(response, 401))[0]?.code).toBeTruthy();
  });

  it('refuses a student whose school e-mail is not verified, with the spec’s words', async () => {
    const w = await testModeWorld();
    const student = await createUser(w.app.db, { first_name: 'New', school_verified: 0 });
    const response = await w.app.request('/api/payments', { session: await w.app.signInAs(student.id) });
    expect(await errorsOf(response, 403)).toEqual([{ code: 'forbidden', msg: POST_MESSAGES.verifyToContinue }]);
  });

  it('has no writes: a POST is not a route', async () => {
    const w = await testModeWorld();
    const response = await w.app.request('/api/payments', { method: 'POST', session: w.owner.session, json: {} });
    expect(response.status).toBe(404);
  });
});
