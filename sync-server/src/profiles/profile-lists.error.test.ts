import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('profile lists that cannot be', () => {
  it('an unknown user is the spec’s missing page; an unknown tab a 404; a bad cursor a 400', async () => {
    const app = await createTestApp();
    await createMember(app, { username: 'emily' });
    await expectError(await app.request('/api/profiles/nobody/posts'), 404, 'This page doesn’t exist.');
    await expectError(await app.request('/api/profiles/nobody'), 404, 'This page doesn’t exist.');
    expect((await app.request('/api/profiles/emily/drafts')).status).toBe(404);
    await expectError(await app.request('/api/profiles/emily/likes?cursor=abc'), 400, 'The page cursor is not valid.');
    const empty = await app.request('/api/profiles/emily/photos');
    expect(await empty.json()).toEqual({ posts: [], nextCursor: null });
  });
});
