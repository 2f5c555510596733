import type { FeedPageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { createBlock, createMedia, createPost, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { builtShellDist, cardPostIds, firstScreenOf } from './first-screen.test-helpers.ts';

const ATTACK = `</p><script>alert(1)</script><img src=x onerror=alert(2)>"'><style>*{}</style> $& $' $\``;

describe('the first screen in the HTML: security (decision 049)', () => {
  it("escapes a post's text, its author's name and its category: no markup of a student's reaches the page", async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db, { first_name: '<b onmouseover=alert(3)>Eve', last_name: `"'><script>` });
    const post = await createPost(app.db, { user_id: author.id, text_plain: ATTACK, category: '<i>x</i>' });
    for (const route of ['/home', `/post/${post.id}`]) {
      const page = await (await app.request(route)).text();
      const screen = firstScreenOf(page) ?? '';
      expect(cardPostIds(page), route).toEqual([post.id]);
      // Every '<' a student typed is escaped, so no element (and no handler attribute) of theirs exists.
      expect(screen, route).not.toMatch(/<script|<style|<img src=x|<b |<i>/i);
      expect(screen, route).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(screen, route).toContain('&lt;b onmouseover=alert(3)&gt;Eve');
      // `$&` and `$'` in the text are text, not replacement patterns: the page still has one #root.
      expect(screen, route).toContain('$&amp; $&#39; $`');
      expect(page.match(/<div id="root">/g), route).toHaveLength(1);
      expect(page.match(/<script/g), route).toHaveLength(1); // the app's own module script only
    }
  });

  it('only ever holds posts of the campus the Host names', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const sooner = await createUser(app.db);
    const longhorn = await createUser(app.db, { campus_id: 'ut', email: 'bevo@utexas.edu' });
    const ours = await createPost(app.db, { user_id: sooner.id, text_plain: 'OU lamp' });
    const theirs = await createPost(app.db, { user_id: longhorn.id, campus_id: 'ut', text_plain: 'UT desk' });
    await createMedia(app.db, { post_id: theirs.id, path: 'ut/desk.webp', thumb_path: 'ut/desk-thumb.webp' });

    const ou = await (await app.request('/home')).text();
    expect(cardPostIds(ou)).toEqual([ours.id]);
    expect(ou).not.toContain('UT desk');
    expect(ou).not.toContain('ut/desk');
    const ut = await (await app.request('/home', { host: 'utexas.localhost' })).text();
    expect(cardPostIds(ut)).toEqual([theirs.id]);
    expect(ut).not.toContain('OU lamp');
    // Another campus's post by its address: nothing of it, on this campus's site.
    expect(firstScreenOf(await (await app.request(`/post/${theirs.id}`)).text())).toBeNull();
  });

  it('gives a visitor of a private campus exactly what its API gives them (decision 012), and no inbox', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const student = await createUser(app.db);
    const post = await createPost(app.db, { user_id: student.id, text_plain: 'Mini fridge' });
    // OU is a school campus: private (spec 1 §1); its For You feed and post pages stay readable by visitors.
    const api = (await (await app.request('/api/posts/feed?limit=25')).json()) as FeedPageDto;
    expect(cardPostIds(await (await app.request('/home')).text())).toEqual(api.posts.map((item) => item.id));
    expect((await app.request(`/api/posts/${post.id}`)).status).toBe(200);
    expect(cardPostIds(await (await app.request(`/post/${post.id}`)).text())).toEqual([post.id]);
    // The gated Photos feed (/media) and a visitor's /messages are never written by the server.
    expect((await app.request('/api/posts/media')).status).toBe(403);
    for (const route of ['/media', `/media/${post.id}`, '/messages']) {
      expect(firstScreenOf(await (await app.request(route)).text()), route).toBeNull();
    }
  });

  it('hides the posts of someone the viewer blocked, or who blocked them, as the feed does', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const reader = await createUser(app.db);
    const blocked = await createUser(app.db);
    const other = await createUser(app.db);
    const hidden = await createPost(app.db, { user_id: blocked.id, text_plain: 'Blocked author' });
    const shown = await createPost(app.db, { user_id: other.id, text_plain: 'Someone else' });
    await createBlock(app.db, blocked.id, reader.id);
    const session = await app.signInAs(reader.id);
    expect(cardPostIds(await (await app.request('/home', { session })).text())).toEqual([shown.id]);
    expect(firstScreenOf(await (await app.request(`/post/${hidden.id}`, { session })).text())).toBeNull();
    // A visitor has no blocks: both.
    expect(cardPostIds(await (await app.request('/home')).text()).sort()).toEqual([shown.id, hidden.id].sort());
  });

  it('writes nothing for an unknown, deleted or malformed post address, nor on the generic site', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id });
    for (const route of ['/post/01a2-no-such-post', '/post/%E0%A4%A', '/post/a%22%3E%3Cscript%3E']) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(firstScreenOf(await response.text()), route).toBeNull();
    }
    const generic = await (await app.request('/home', { host: 'campus.localhost' })).text();
    expect(firstScreenOf(generic)).toBeNull();
  });

  it('keeps the content security policy as strict as before: no inline script or style is needed', async () => {
    const app = await createTestApp({ webDist: await builtShellDist(), firstScreen: true });
    const author = await createUser(app.db);
    await createPost(app.db, { user_id: author.id });
    const response = await app.request('/home');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("style-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
    const page = await response.text();
    expect(page).not.toMatch(/ style="|<style/);
    expect(page.match(/<script/g)).toHaveLength(1);
  });
});
