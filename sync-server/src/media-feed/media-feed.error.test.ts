import { describe, expect, it } from 'vitest';
import { bodyOf } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('GET /api/posts/media refusals', () => {
  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON value of the wrong shape', Buffer.from('{"at":1}').toString('base64url')],
    ['far too long', 'a'.repeat(501)],
  ])('refuses a cursor that is %s with 400 and the envelope', async (_label, cursor) => {
    const app = await createTestApp();
    const body = await bodyOf<{ errors: { code: string; msg: string; field?: string }[] }>(
      await app.request(`/api/posts/media?cursor=${cursor}`),
      400,
    );
    expect(body.errors).toEqual([{ code: 'bad_request', msg: 'The media cursor is not valid.', field: 'cursor' }]);
  });

  it('does not touch the database for a refused cursor', async () => {
    const app = await createTestApp();
    app.queries.length = 0;
    await app.request('/api/posts/media?cursor=nope');
    expect(app.queries.filter((query) => /from "posts"/.test(query.sql))).toEqual([]);
  });
});
