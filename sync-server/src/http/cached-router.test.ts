import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { cachedRouter } from './cached-router.ts';

function routes(app: Hono) {
  return app
    .use('/api/*', async (c, next) => {
      await next();
      c.header('x-through', 'api');
    })
    .get('/api/posts/feed', (c) => c.text('feed'))
    .get('/api/posts/:id', (c) => c.text(`post ${c.req.param('id')}`))
    .get('/api/posts/:id/likes', (c) => c.text(`likes ${c.req.param('id')}`))
    .all('/api/*', (c) => c.text('none', 404));
}

describe('cachedRouter', () => {
  it("answers as Hono's own router does, again and again, params and middleware included", async () => {
    const cached = routes(new Hono({ router: cachedRouter() }));
    const plain = routes(new Hono());
    for (let round = 0; round < 3; round++) {
      for (const path of ['/api/posts/feed', '/api/posts/a%20b', '/api/posts/7/likes', '/api/nope', '/elsewhere']) {
        for (const method of ['GET', 'HEAD', 'POST']) {
          const [mine, theirs] = await Promise.all([cached.request(path, { method }), plain.request(path, { method })]);
          expect([mine.status, await mine.text(), mine.headers.get('x-through')], `${method} ${path}`).toEqual([
            theirs.status,
            await theirs.text(),
            theirs.headers.get('x-through'),
          ]);
        }
      }
    }
    expect(await (await cached.request('/api/posts/a%20b')).text()).toBe('post a b');
  });

  it('still answers rightly after more paths than it keeps have come', () => {
    const router = cachedRouter<string>();
    const plain = new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });
    for (const each of [router, plain]) {
      each.add('GET', '/posts/feed', 'feed');
      each.add('GET', '/posts/:id', 'post');
    }
    for (let index = 0; index < 2_500; index++) {
      const path = index % 2 === 0 ? `/posts/${index}` : '/posts/feed';
      expect(router.match('GET', path), path).toEqual(plain.match('GET', path));
    }
  });
});
