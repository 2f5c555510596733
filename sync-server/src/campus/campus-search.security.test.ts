import { SCHOOL_FINDER_MESSAGES } from '@campus/shared/campus-search-api';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';

describe('the school finder as public data', () => {
  it('limits one client address to 120 searches a minute, with Retry-After, and not its neighbours', async () => {
    const { request } = await createTestApp({ trustProxyHops: 1 });
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let count = 0; count < 120; count++) {
      const response = await request('/api/campuses/search?q=tex', from('203.0.113.7'));
      expect(response.status).toBe(200);
    }
    const refused = await request('/api/campuses/search?q=tex', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      errors: [{ code: 'too_many_requests', msg: SCHOOL_FINDER_MESSAGES.tooManySearches }],
    });
    // The one-school read counts against the same budget; another address is unaffected.
    expect((await request('/api/campuses/ut', from('203.0.113.7'))).status).toBe(429);
    expect((await request('/api/campuses/search?q=tex', from('203.0.113.8'))).status).toBe(200);
  });

  it('shows only the catalogue: no user, e-mail domain or member count leaks into a hit', async () => {
    const app = await createTestApp();
    const user = await createUser(app.db, { campus_id: 'ut', first_name: 'Texas' });
    const session = await app.signInAs(user.id);
    const text = await (await app.request('/api/campuses/search?q=texas', { session })).text();
    expect(text).not.toContain(user.id);
    expect(text).not.toContain('utexas.edu');
    expect(text).not.toContain('memberCount');
  });
});
