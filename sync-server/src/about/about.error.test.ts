import { describe, expect, it } from 'vitest';
import { bodyOf } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('GET /api/campus/new-members refusals', () => {
  it.each([
    ['not base64 JSON', 'garbage'],
    ['of the wrong shape', Buffer.from('[1,2]').toString('base64url')],
    ['far too long', 'a'.repeat(501)],
  ])('refuses a cursor that is %s with 400', async (_label, cursor) => {
    const app = await createTestApp();
    const body = await bodyOf<{ errors: unknown[] }>(
      await app.request(`/api/campus/new-members?cursor=${cursor}`),
      400,
    );
    expect(body.errors).toEqual([{ code: 'bad_request', msg: 'The members cursor is not valid.', field: 'cursor' }]);
  });

  it('answers 404 for an unknown about path', async () => {
    const app = await createTestApp();
    expect((await app.request('/api/campus/about/extra')).status).toBe(404);
  });
});
