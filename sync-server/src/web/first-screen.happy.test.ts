import type { FeedPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { recordMessage, startChat } from '../chats/chat-test-helpers.ts';
import { createMedia, createPost, createSave, createUser } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp, startTestAppParts } from '../test/test-app.ts';
import { builtShellDist, cardPostIds, firstScreenOf } from './first-screen.test-helpers.ts';

describe('the first screen in the HTML (decision 049)', () => {
  it("writes /home's first cards, newest first, as the feed API answers them, with the first photo preloaded", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db, { first_name: 'Marcus', last_name: 'T.' });
    const older = await createPost(app.db, {
      user_id: author.id,
      text_plain: 'Desk lamp',
      last_modified: '2026-11-01T10:00:00.000Z',
    });
    const bike = await createPost(app.db, {
      user_id: author.id,
      text_plain: 'Trek FX 2 bike',
      price: 240,
      last_modified: '2026-11-02T10:00:00.000Z',
    });
    await createMedia(app.db, { post_id: bike.id, path: 'p/bike.webp', thumb_path: 'p/bike-thumb.webp' });
    const feed = (await (await app.request('/api/posts/feed?limit=25')).json()) as FeedPageDto;

    for (const route of ['/', '/home']) {
      const page = await (await app.request(route)).text();
      expect(cardPostIds(page), route).toEqual(feed.posts.map((post) => post.id));
      expect(cardPostIds(page)).toEqual([bike.id, older.id]);
      const screen = firstScreenOf(page) ?? '';
      expect(screen).toContain('Trek FX 2 bike');
      expect(screen).toContain('<span class="price-tag">$240</span>');
      expect(screen).toContain('fetchpriority="high"');
      // The preload's srcset and sizes are the <img>'s, so one request serves both.
      expect(page).toContain(
        '<link rel="preload" as="image" href="/media/p/bike-thumb.webp" imagesrcset="/media/p/bike-thumb.webp 480w, /media/p/bike.webp 1200w" imagesizes="(max-width: 769px) 100vw, 600px" fetchpriority="high">',
      );
      expect(screen).toContain('srcset="/media/p/bike-thumb.webp 480w, /media/p/bike.webp 1200w"');
      // Stylesheets and the photo come before the scripts in <head>.
      expect(page.indexOf('/assets/index-abc.css')).toBeLessThan(page.indexOf('/assets/index-abc.js'));
      expect(page.indexOf('rel="preload" as="image"')).toBeLessThan(page.indexOf('/assets/index-abc.js'));
      // ...but after the viewport, or the preload would pick the photo for a 980 px wide page.
      expect(page.indexOf('name="viewport"')).toBeLessThan(page.indexOf('rel="preload" as="image"'));
      expect(page).toContain('<title>OU Buy / Sell</title>');
      expect(page).toContain('<link rel="stylesheet" href="/brand/ou/brand.css">');
    }
  });

  it('writes by default, and nothing with FIRST_SCREEN=off', async () => {
    for (const [env, isWritten] of [
      [{}, true],
      [{ FIRST_SCREEN: 'off' }, false],
    ] as const) {
      const { app, db } = await startTestAppParts({ env, overrides: { webDist: await builtShellDist() } });
      const author = await createUser(db, { first_name: 'Marcus', last_name: 'T.' });
      const post = await createPost(db, { user_id: author.id, text_plain: 'Desk lamp' });
      for (const route of ['/', '/home', `/post/${post.id}`]) {
        const page = await (await app.request(route, { headers: { host: 'ou.localhost' } })).text();
        expect(firstScreenOf(page) !== null, `${route} ${JSON.stringify(env)}`).toBe(isWritten);
        // Written or not, the page starts the app: by the entry itself or by the starter that imports it.
        expect(page).toContain('/assets/index-abc.js');
      }
    }
  });

  it('shows at most three cards, and stops before a joined card', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db);
    const ids: string[] = [];
    for (let day = 1; day <= 5; day++) {
      ids.unshift(
        (await createPost(app.db, { user_id: author.id, last_modified: `2026-11-0${day}T10:00:00.000Z` })).id,
      );
    }
    expect(cardPostIds(await (await app.request('/home')).text())).toEqual(ids.slice(0, 3));
    await createPost(app.db, { user_id: author.id, type: 'new user', last_modified: '2026-11-02T11:00:00.000Z' });
    // Order now: posts of days 5, 4, 3, 2 (11:00 joined card sits between day 3 and day 2 posts).
    expect(cardPostIds(await (await app.request('/home')).text())).toEqual(ids.slice(0, 3));
    await createPost(app.db, { user_id: author.id, type: 'new user', last_modified: '2026-11-05T11:00:00.000Z' });
    expect(cardPostIds(await (await app.request('/home')).text())).toEqual([]);
  });

  it("writes a post page's post with its whole text, and the signed-in viewer's saved state", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db, { first_name: 'Priya', last_name: 'S.' });
    const reader = await createUser(app.db);
    const long = `${'Calculus textbook, barely used. '.repeat(10)}The end.`;
    const post = await createPost(app.db, { user_id: author.id, text_plain: long });
    await createSave(app.db, { post_id: post.id, user_id: reader.id });

    const visitor = await app.request(`/post/${post.id}`);
    const visitorScreen = firstScreenOf(await visitor.text()) ?? '';
    expect(visitorScreen).toContain(`<h1 class="screen-header__title">Priya's post</h1>`);
    expect(visitorScreen).toContain('The end.');
    expect(visitorScreen).toContain('<span>Save · 1</span>');
    expect(visitor.headers.get('cache-control')).toBe('no-cache');

    const signedIn = await app.request(`/post/${post.id}`, { session: await app.signInAs(reader.id) });
    expect(firstScreenOf(await signedIn.text())).toContain('<span>Saved! · 1</span>');
    // The viewer's own state is in it: no shared cache may keep it.
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
  });

  it("cuts a long post to the feed's preview with 'See more'", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id, text_plain: `${'word '.repeat(60)}LAST` });
    const screen = firstScreenOf(await (await app.request('/home')).text()) ?? '';
    expect(screen).toContain('See more');
    expect(screen).not.toContain('LAST');
  });

  it("writes a signed-in student's /messages with the inbox's empty state", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const student = await createUser(app.db);
    const page = await (await app.request('/messages', { session: await app.signInAs(student.id) })).text();
    expect(firstScreenOf(page)).toContain('<p class="inbox__empty-text">Send a message, get a message</p>');
  });

  it("writes grey rows under a signed-in student's inbox head when there are chats, as the app shows while they load", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const alice = await createMember(app, { first_name: 'Alice' });
    const bob = await createMember(app, { first_name: 'Bob' });
    const { chat } = await startChat(app, alice, bob.user.id);
    await recordMessage(app.db, chat.id, alice.user.id, 'Is the lamp still there?');
    const screen = firstScreenOf(await (await app.request('/messages', { session: bob.session })).text()) ?? '';
    expect(screen).toContain(
      '<ul class="inbox__list inbox__loading" aria-busy="true" aria-label="Loading conversations">',
    );
    expect(screen.match(/<li class="inbox-row" aria-hidden="true">/g)).toHaveLength(4);
    // The rows only: names and messages come with the app.
    expect(screen).not.toContain('Is the lamp still there?');
    expect(screen).not.toContain('inbox__empty');
  });

  it("writes nothing for other screens and for the service worker's /index.html", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    for (const route of ['/index.html', '/media', '/about', '/search', '/post/1/comments', '/homework', '/settings']) {
      const page = await (await app.request(route)).text();
      expect(firstScreenOf(page), route).toBeNull();
      expect(page, route).toContain('<title>Campus Buy / Sell</title>');
    }
  });

  it('asks for the app only after a written screen is painted: a starter replaces the entry and its preloads', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db);
    const post = await createPost(app.db, { user_id: author.id });
    const student = await createUser(app.db);
    const session = await app.signInAs(student.id);
    for (const [route, options] of [['/home'], [`/post/${post.id}`], ['/messages', { session }]] as const) {
      const page = await (await app.request(route, options)).text();
      expect(firstScreenOf(page), route).not.toBeNull();
      expect(page, route).toContain(
        '<script type="module" src="/first-screen-start.js" fetchpriority="low" data-entry="/assets/index-abc.js" data-modulepreload="/assets/router-abc.js /assets/shared-abc.js"></script>',
      );
      expect(page, route).not.toContain('rel="modulepreload"');
      expect(page, route).not.toContain('src="/assets/index-abc.js"');
    }
    // Where nothing is written (the service worker's shell above all) the app starts as the build wrote it.
    for (const route of ['/index.html', '/settings', '/messages']) {
      const page = await (await app.request(route)).text();
      expect(page, route).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(page, route).toContain('<link rel="modulepreload" crossorigin href="/assets/router-abc.js">');
      expect(page, route).not.toContain('first-screen-start');
    }
  });

  it('serves the campus colour as a stylesheet', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const response = await app.request('/brand/ou/brand.css');
    expect(response.headers.get('content-type')).toContain('text/css');
    expect(await response.text()).toMatch(/^:root\{--brand:#[0-9a-f]{6}\}/i);
    expect((await app.request('/brand/nowhere/brand.css')).status).toBe(404);
  });
});
