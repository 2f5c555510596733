import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('reports that cannot be', () => {
  it('twice (409), yourself (422), no reason or over 500 characters (422), nobody (404)', async () => {
    const app = await createTestApp();
    const [reporter, reported] = await createMembers(app, 2);
    const report = (id: string, reason: unknown) =>
      app.request(`/api/users/${id}/report`, { session: reporter.session, json: { reason } });
    expect((await report(reported.user.id, 'Spam')).status).toBe(201);
    await expectError(await report(reported.user.id, 'Spam again'), 409, 'You have already reported this user.');
    await expectError(await report(reporter.user.id, 'Me'), 422, 'You cannot report yourself.');
    await expectError(await report(reported.user.id, '   '), 422, 'Tell us what happened.', 'reason');
    await expectError(await report(reported.user.id, undefined), 422, 'Tell us what happened.', 'reason');
    await expectError(await report(reported.user.id, 'x'.repeat(501)), 422, 'Please keep it under 500 characters.');
    await expectError(await report('nobody', 'Spam'), 404, 'This page doesn’t exist.');
    expect(await app.db.selectFrom('reports').selectAll().execute()).toHaveLength(1);
  });
});
