import { describe, expect, it } from 'vitest';
import { expectError } from '../test/accounts.ts';
import { createUser } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

describe('blocks that cannot be', () => {
  it('yourself (422), an unknown user or one of another campus (404), signed out (401)', async () => {
    const app = await createTestApp();
    const alice = await createMember(app);
    const utStudent = await createUser(app.db, { campus_id: 'ut' });
    const block = (id: string, session?: string) => app.request(`/api/users/${id}/block`, { method: 'PUT', session });
    await expectError(await block(alice.user.id, alice.session), 422, 'You cannot block yourself.');
    await expectError(await block('nobody', alice.session), 404, 'This page doesn’t exist.');
    await expectError(await block(utStudent.id, alice.session), 404, 'This page doesn’t exist.');
    expect((await block(utStudent.id)).status).toBe(401);
    expect((await app.request('/api/blocks')).status).toBe(401);
    expect(await app.db.selectFrom('blocks').selectAll().execute()).toEqual([]);
  });
});
