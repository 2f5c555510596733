import { describe, expect, it } from 'vitest';
import { me } from '../../test/accounts.ts';
import { createUser } from '../../test/factories.ts';
import { CLIENT_ID, createGoogleTestApp, runGoogleFlow, userByEmail } from './google-test-flow.ts';

const MARY = { sub: '1001', email: 'mj.watson@gmail.com', email_verified: true, name: 'Mary-Jane O.Watson 3rd' };

describe('Google sign-in', () => {
  it('sends the browser to the authorization endpoint with PKCE, the three scopes and this host’s callback', async () => {
    const { app, standIn } = await createGoogleTestApp(MARY);
    const start = await app.request('/auth/google', { host: 'utexas.localhost' });
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location') ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.baseUrl}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'http://utexas.localhost/auth/google/callback',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  });

  it('creates a verified account with the parsed display name and signs it in on /home (spec 1 §4, §5)', async () => {
    const { app } = await createGoogleTestApp(MARY);
    const { location, session } = await runGoogleFlow(app);
    expect(location).toBe('/home');
    expect(session).toBeTruthy();

    const user = await me(app, session ?? undefined);
    // 'Mary-Jane O.Watson 3rd': hyphen and dot separate, '3rd' has a digit, so Mary … Watson.
    expect(user).toMatchObject({
      campusId: 'ou',
      firstName: 'Mary',
      lastName: 'W.',
      username: 'marywatson',
      email: 'mj.watson@gmail.com',
      isVerified: true,
      isSchoolVerified: false,
      hasPassword: false,
    });
    const links = await app.db.selectFrom('oauth_accounts').selectAll().execute();
    expect(links).toMatchObject([{ provider: 'google', provider_user_id: '1001', user_id: user?.id }]);
  });

  it('suffixes the username -2, then -3, while it is taken (spec 1 §5 Google rule)', async () => {
    const { app, standIn } = await createGoogleTestApp(MARY);
    await createUser(app.db, { username: 'marywatson' });
    await runGoogleFlow(app);
    expect((await userByEmail(app, 'mj.watson@gmail.com'))?.username).toBe('marywatson-2');

    standIn.setIdentity({ ...MARY, sub: '1002', email: 'mary.w@gmail.com' });
    await runGoogleFlow(app);
    expect((await userByEmail(app, 'mary.w@gmail.com'))?.username).toBe('marywatson-3');
  });

  it('falls back to anonymous user when the display name has no usable words', async () => {
    const { app } = await createGoogleTestApp({ sub: '7', email: 'x7@gmail.com', email_verified: true, name: '42' });
    await runGoogleFlow(app);
    expect(await userByEmail(app, 'x7@gmail.com')).toMatchObject({
      first_name: 'anonymous',
      last_name: 'U.',
      username: 'anonymoususer',
    });
  });

  it('links an existing account with the same e-mail (any case), verifies it and signs it in', async () => {
    const { app } = await createGoogleTestApp({ ...MARY, email: 'MJ.Watson@Gmail.com' });
    const existing = await createUser(app.db, { email: 'mj.watson@gmail.com', verified: 0, school_verified: 0 });
    const { location, session } = await runGoogleFlow(app);
    expect(location).toBe('/home');
    expect((await me(app, session ?? undefined))?.id).toBe(existing.id);
    expect(await userByEmail(app, 'mj.watson@gmail.com')).toMatchObject({ id: existing.id, verified: 1 });
    const links = await app.db.selectFrom('oauth_accounts').select(['provider_user_id', 'user_id']).execute();
    expect(links).toEqual([{ provider_user_id: '1001', user_id: existing.id }]);
  });

  it('finds the account by its Google id on the next sign-in, after the Google e-mail changed', async () => {
    const { app, standIn } = await createGoogleTestApp(MARY);
    const first = await runGoogleFlow(app);
    const userId = (await me(app, first.session ?? undefined))?.id;

    standIn.setIdentity({ ...MARY, email: 'mary.jane@gmail.com' });
    const second = await runGoogleFlow(app);
    expect(second.location).toBe('/home');
    expect((await me(app, second.session ?? undefined))?.id).toBe(userId);
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('lands on /search_schools on the generic site, with the account on the generic campus', async () => {
    const { app } = await createGoogleTestApp(MARY);
    const { location } = await runGoogleFlow(app, { host: 'campus.localhost' });
    expect(location).toBe('/search_schools');
    expect((await userByEmail(app, 'mj.watson@gmail.com'))?.campus_id).toBe('campus');
  });

  it('returns to the page the sign-in started from', async () => {
    const { app } = await createGoogleTestApp(MARY);
    const { location } = await runGoogleFlow(app, { query: `?redirect=${encodeURIComponent('/post/42?tab=1')}` });
    expect(location).toBe('/post/42?tab=1');
  });
});
