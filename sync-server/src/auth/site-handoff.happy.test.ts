import { describe, expect, it } from 'vitest';
import { me, sessionSetBy } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { handoffRedirect, tokenIn } from '../test/site-handoff.ts';
import { createTestApp } from '../test/test-app.ts';

describe('one sign-in across the campus sites (decision 042)', () => {
  it("'Visit As Guest' opens UT's site signed in as the same student", async () => {
    const app = await createTestApp();
    const sooner = await createMember(app, { email: 'sooner@ou.edu', school_verified: 1 });
    const location = await handoffRedirect(app, 'ut', sooner.session);
    expect(location.origin).toBe('http://utexas.localhost');
    expect(location.pathname).toBe('/home');
    const token = tokenIn(location);
    expect(token).toMatch(/^[a-z0-9]{20,}$/i);
    expect(await me(app, undefined, 'utexas.localhost')).toBeNull();

    const traded = await app.request('/api/auth/site-handoff', { host: 'utexas.localhost', json: { token } });
    expect(traded.status).toBe(200);
    const session = sessionSetBy(traded);
    expect(session).toBeTruthy();
    expect((await me(app, session ?? '', 'utexas.localhost'))?.id).toBe(sooner.user.id);
    // The student is still signed in where they came from.
    expect((await me(app, sooner.session))?.id).toBe(sooner.user.id);
  });

  it('keeps the port and sends the generic site to the school finder', async () => {
    const app = await createTestApp();
    const sooner = await createMember(app);
    const location = await handoffRedirect(app, 'campus', sooner.session, 'ou.localhost:8080');
    expect(location.origin).toBe('http://campus.localhost:8080');
    expect(location.pathname).toBe('/search_schools');
  });

  it('a visitor is sent to the other site signed out, with no token', async () => {
    const app = await createTestApp();
    const location = await handoffRedirect(app, 'ut');
    expect(location.href).toBe('http://utexas.localhost/home');
    expect(await app.db.selectFrom('site_handoffs').selectAll().execute()).toEqual([]);
  });
});
