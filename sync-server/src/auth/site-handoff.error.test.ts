import { SITE_HANDOFF_EXPIRED, siteHandoffHref } from '@campus/shared/site-handoff-api';
import { describe, expect, it } from 'vitest';
import { errorsOf, expectError } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('site hand-off: bad input', () => {
  it('an unknown campus is a 404 in the error envelope, not a redirect', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    for (const campus of ['nowhere', '', '../evil']) {
      const errors = await errorsOf(await app.request(siteHandoffHref(campus), { session: sooner.session }), 404);
      expect(errors[0]?.code).toBe('not_found');
    }
    expect((await app.request('/auth/site-handoff', { session: sooner.session })).status).toBe(404);
  });

  it('a missing, empty, oversized or non-text token is a 422 with the expired message, and no session', async () => {
    const app = await createTestApp();
    for (const json of [{}, { token: '' }, { token: 'a'.repeat(101) }, { token: 7 }]) {
      const response = await app.request('/api/auth/site-handoff', { host: 'utexas.localhost', json });
      expect(response.headers.getSetCookie()).toEqual([]);
      await expectError(response, 422, SITE_HANDOFF_EXPIRED);
    }
  });

  it('an unknown token is a 400 with the expired message, and no session', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/auth/site-handoff', { host: 'utexas.localhost', json: { token: 'no' } });
    expect(response.headers.getSetCookie()).toEqual([]);
    await expectError(response, 400, SITE_HANDOFF_EXPIRED);
  });
});
