import { NOTIFICATIONS_READ_MAX } from '@campus/shared/notifications-api';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_MESSAGE } from '../sessions/viewer.middleware.ts';
import { expectError } from '../test/accounts.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

const INVALID_IDS = 'The notification ids are not valid.';

describe('notification routes that cannot be', () => {
  it('signed out: 401 on every route, and nothing written', async () => {
    const app = await createTestApp();
    await expectError(await app.request('/api/notifications'), 401, SIGNED_OUT_MESSAGE);
    await expectError(await app.request('/api/notifications/unread'), 401, SIGNED_OUT_MESSAGE);
    await expectError(await app.request('/api/notifications/read', { json: { ids: ['x'] } }), 401, SIGNED_OUT_MESSAGE);
    expect(await app.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('a cursor that is not one is a 400 naming the cursor', async () => {
    const app = await createTestApp();
    const student = await createMember(app);
    const response = await app.request('/api/notifications?cursor=not-a-cursor', { session: student.session });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ code: 'bad_request', msg: 'The page cursor is not valid.', field: 'cursor' }],
    });
  });

  it('marking read: bad JSON is a 400; no ids, too many, or not strings a 422', async () => {
    const app = await createTestApp();
    const student = await createMember(app);
    const bad = await app.request('/api/notifications/read', {
      method: 'POST',
      session: student.session,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    for (const json of [
      {},
      { ids: [] },
      { ids: 'abc' },
      { ids: [1] },
      { ids: [''] },
      { ids: Array.from({ length: NOTIFICATIONS_READ_MAX + 1 }, (_, index) => `id${index}`) },
    ]) {
      const response = await app.request('/api/notifications/read', { session: student.session, json });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { errors: { code: string; msg: string }[] };
      expect(body.errors[0]).toMatchObject({ code: 'validation_failed', msg: INVALID_IDS });
    }
  });
});
