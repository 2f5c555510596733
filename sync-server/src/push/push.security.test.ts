import { describe, expect, it } from 'vitest';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { deviceSubscription, endpointsOf, subscribe, unsubscribe } from './push.test-helpers.ts';

describe('/api/push/subscriptions security', () => {
  it('needs a session to add or remove a subscription', async () => {
    const app = await createTestApp();
    const device = deviceSubscription();
    expect((await subscribe(app, {}, device)).status).toBe(401);
    expect((await unsubscribe(app, {}, device.endpoint)).status).toBe(401);
  });

  it('a student cannot remove another student’s device', async () => {
    const app = await createTestApp();
    const owner = await createMember(app);
    const other = await createMember(app);
    const device = deviceSubscription();
    await subscribe(app, owner, device);
    expect((await unsubscribe(app, other, device.endpoint)).status).toBe(204);
    expect(await endpointsOf(app, owner.user.id)).toHaveLength(1);
  });

  it('a cross-site page cannot subscribe a signed-in student', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const response = await app.request('/api/push/subscriptions', {
      method: 'POST',
      session: member.session,
      json: deviceSubscription(),
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await endpointsOf(app, member.user.id)).toEqual([]);
  });

  it('the subscription takes the campus of the host, not of the body', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    await subscribe(app, member, { ...deviceSubscription(), campusId: 'utexas', userId: 'someone-else' });
    expect((await endpointsOf(app, member.user.id)).map((row) => row.campus_id)).toEqual([member.user.campus_id]);
  });
});
