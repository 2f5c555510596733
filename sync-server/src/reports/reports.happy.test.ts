import type { MessageDto } from '@campus/shared/post-api';
import { describe, expect, it } from 'vitest';
import { bodyOf, createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('POST /api/users/:id/report', () => {
  it('stores reporter and reason for an operator and answers the spec’s thanks', async () => {
    const app = await createTestApp();
    const [reporter, reported] = await createMembers(app, 2);
    const response = await app.request(`/api/users/${reported.user.id}/report`, {
      session: reporter.session,
      json: { reason: '  Sold me a broken bike  ' },
    });
    expect(await bodyOf<MessageDto>(response, 201)).toEqual({ msg: 'User Reported. Thanks for letting us know.' });
    const rows = await app.db.selectFrom('reports').select(['reporter_id', 'reported_user_id', 'reason']).execute();
    expect(rows).toEqual([
      { reporter_id: reporter.user.id, reported_user_id: reported.user.id, reason: 'Sold me a broken bike' },
    ]);
  });
});
