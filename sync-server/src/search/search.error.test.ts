import { describe, expect, it } from 'vitest';
import { errorsOf } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('search errors', () => {
  it('answers a wrong query string 400 naming the field, never a 500', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const cases: [string, string][] = [
      ['show=photos', 'show'],
      ['page=-1', 'page'],
      ['page=100', 'page'],
      ['page=two', 'page'],
      ['category=spaceships', 'category'],
      ['minPrice=45.99', 'minPrice'],
      ['maxPrice=1000001', 'maxPrice'],
      ['minPrice=300&maxPrice=100', 'minPrice'],
      ['available=yes', 'available'],
      ['sort=oldest', 'sort'],
      [`q=${'a'.repeat(401)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const path = query.startsWith('q=') ? `/api/search?${query}` : `/api/search?q=bike&${query}`;
      const errors = await errorsOf(await app.request(path, { session: member.session }), 400);
      expect(errors[0], query).toMatchObject({ code: 'bad_request', field });
    }
  });

  it('answers an empty query with nothing found, not an error (spec 2 §2: ignored)', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const posts = await app.request('/api/search?q=%20%20', { session: member.session });
    expect(await posts.json()).toEqual({ show: 'latest', q: '', posts: [], nextPage: null });
    const people = await app.request('/api/search?show=people', { session: member.session });
    expect(await people.json()).toEqual({ show: 'people', q: '', users: [], nextPage: null });
    const suggest = await app.request('/api/search/suggest', { session: member.session });
    expect(await suggest.json()).toEqual({ q: '', suggestions: [] });
  });

  it('refuses an empty, long or malformed search to count', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const count = (init: { json?: unknown; body?: string }) =>
      app.request('/api/search/popular', { method: 'POST', session: member.session, ...init });
    expect((await errorsOf(await count({ json: { q: '   ' } }), 422))[0]).toMatchObject({ field: 'q' });
    expect((await errorsOf(await count({ json: { q: 'a'.repeat(101) } }), 422))[0]).toMatchObject({ field: 'q' });
    expect((await errorsOf(await count({ json: { q: 7 } }), 422))[0]).toMatchObject({ field: 'q' });
    await errorsOf(
      await count({ body: '{"q":', headers: { 'content-type': 'application/json' } } as { body: string }),
      400,
    );
    expect(await app.db.selectFrom('popular_searches').selectAll().execute()).toEqual([]);
  });
});
