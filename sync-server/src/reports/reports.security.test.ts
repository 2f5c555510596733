import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('reports stay on their campus and with their reporter', () => {
  it('signed out 401; a UT session on OU 403; a UT user cannot be reported from OU', async () => {
    const app = await createTestApp();
    const ouStudent = await createMember(app);
    const utStudent = await createMember(app, { campus_id: 'ut' });
    const utOther = await createUser(app.db, { campus_id: 'ut' });
    const json = { reason: 'Spam' };
    expect((await app.request(`/api/users/${ouStudent.user.id}/report`, { json })).status).toBe(401);
    const onOu = await app.request(`/api/users/${ouStudent.user.id}/report`, { session: utStudent.session, json });
    await expectError(onOu, 403, 'Verify your account to continue.');
    const acrossCampus = await app.request(`/api/users/${utOther.id}/report`, { session: ouStudent.session, json });
    await expectError(acrossCampus, 404, 'This page doesn’t exist.');
    const spoofed = await app.request(`/api/users/${ouStudent.user.id}/report`, {
      session: (await createMember(app)).session,
      json: { reason: 'Spam', reporter_id: utStudent.user.id },
    });
    expect(spoofed.status).toBe(201);
    const rows = await app.db.selectFrom('reports').select('reporter_id').execute();
    expect(rows.map((row) => row.reporter_id)).not.toContain(utStudent.user.id);
    expect(rows).toHaveLength(1);
  });
});
