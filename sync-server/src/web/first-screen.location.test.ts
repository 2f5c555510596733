import { describe, expect, it } from 'vitest';
import { UK_ADDRESS, US_ADDRESS } from '../location/location-test-app.ts';
import { createPost, createUser } from '../test/factories.ts';
import { startTestAppParts } from '../test/test-app.ts';
import { builtShellDist, firstScreenOf } from './first-screen.test-helpers.ts';

/** The app with the written first screen, its requests arriving over a socket from an address. */
async function writtenAppSeenFrom(env: Record<string, string> = {}) {
  const { db, app } = await startTestAppParts({
    env,
    overrides: { webDist: await builtShellDist(), firstScreen: true },
  });
  return {
    db,
    get(pathname: string, remoteAddress: string, headers: Record<string, string> = {}) {
      return app.request(
        pathname,
        { headers: { host: 'ou.localhost', ...headers } },
        { incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' } } },
      );
    },
  };
}

// spec 1 §5 and §2: the location check applies on /, /home and /messages; a non-US address goes to
// /404. The server writes nothing on those pages for such a visitor, so the feed never shows first.
describe('the written first screen and the location gate (decisions 028, 049)', () => {
  it('writes no feed on / or /home for an address from abroad, and the plain shell still starts the app', async () => {
    const app = await writtenAppSeenFrom();
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id, text_plain: 'Desk lamp' });
    for (const route of ['/', '/home']) {
      const abroad = await app.get(route, UK_ADDRESS);
      expect(abroad.status).toBe(200);
      const page = await abroad.text();
      expect(firstScreenOf(page), route).toBeNull();
      expect(page).not.toContain('Desk lamp');
      expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(firstScreenOf(await (await app.get(route, US_ADDRESS)).text()), route).toContain('Desk lamp');
    }
  });

  it('takes the address a trusted proxy gives, as the location check does', async () => {
    const app = await writtenAppSeenFrom({ TRUST_PROXY: '1' });
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id, text_plain: 'Desk lamp' });
    expect(
      firstScreenOf(await (await app.get('/home', '127.0.0.1', { 'x-forwarded-for': UK_ADDRESS })).text()),
    ).toBeNull();
    expect(
      firstScreenOf(await (await app.get('/home', '127.0.0.1', { 'x-forwarded-for': US_ADDRESS })).text()),
    ).toContain('Desk lamp');
  });

  it('still writes a post page for a visitor from abroad: the gate does not apply there (spec 1 §2)', async () => {
    const app = await writtenAppSeenFrom();
    const author = await createUser(app.db);
    const post = await createPost(app.db, { user_id: author.id, text_plain: 'Desk lamp' });
    expect(firstScreenOf(await (await app.get(`/post/${post.id}`, UK_ADDRESS)).text())).toContain('Desk lamp');
  });
});
