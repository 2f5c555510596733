import { describe, expect, it } from 'vitest';
import { bodyOf } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { createReader } from './media.test-helpers.ts';

type Envelope = { errors: { code: string; msg: string; field?: string }[] };

describe('GET /api/posts/media refusals', () => {
  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON value of the wrong shape', Buffer.from('{"at":1}').toString('base64url')],
    ['far too long', 'a'.repeat(501)],
  ])('refuses a cursor that is %s with 400 and the envelope', async (_label, cursor) => {
    const app = await createTestApp();
    const session = await createReader(app);
    const body = await bodyOf<Envelope>(await app.request(`/api/posts/media?cursor=${cursor}`, { session }), 400);
    expect(body.errors).toEqual([{ code: 'bad_request', msg: 'The media cursor is not valid.', field: 'cursor' }]);
  });

  it('does not touch the posts for a refused cursor', async () => {
    const app = await createTestApp();
    const session = await createReader(app);
    app.queries.length = 0;
    await app.request('/api/posts/media?cursor=nope', { session });
    expect(app.queries.filter((query) => /from "posts"/.test(query.sql))).toEqual([]);
  });

  it("answers a private campus's visitor 403 with the private_campus envelope (spec 2 §1)", async () => {
    const app = await createTestApp();
    const response = await app.request('/api/posts/media');
    const body = await bodyOf<Envelope>(response, 403);
    expect(body).toEqual({ errors: [{ code: 'private_campus', msg: 'This community is private' }] });
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('refuses a visitor before reading the cursor, so a bad cursor is still a 403', async () => {
    const app = await createTestApp();
    const body = await bodyOf<Envelope>(await app.request('/api/posts/media?cursor=nope'), 403);
    expect(body.errors[0]?.code).toBe('private_campus');
  });
});
