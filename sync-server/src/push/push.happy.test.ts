import { statSync } from 'node:fs';
import path from 'node:path';
import type { PushKeyDto, PushSubscriptionDto } from '@campus/shared/push-api';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { loadConfig } from '../config.ts';
import { bodyOf, createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { deviceSubscription, endpointsOf, subscribe, unsubscribe } from './push.test-helpers.ts';
import { loadVapidKeys } from './vapid-keys.ts';

describe('GET /api/push/key', () => {
  it('answers a VAPID public key generated once, kept in DATA_DIR with mode 0600, the same after a restart', async () => {
    const app = await createTestApp();
    const { publicKey } = await bodyOf<PushKeyDto>(await app.request('/api/push/key'), 200);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(app.config.dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(app.config).publicKey).toBe(publicKey);
  });

  it('takes VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the settings when set', async () => {
    const pair = webPush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.edu',
    });
    expect(loadVapidKeys(config)).toEqual({ ...pair, subject: 'mailto:ops@example.edu' });
  });

  it('refuses to start with half a pair or a key that is not P-256', () => {
    const pair = webPush.generateVAPIDKeys();
    expect(() => loadVapidKeys(loadConfig({ DATA_DIR: '/nonexistent', VAPID_PUBLIC_KEY: pair.publicKey }))).toThrow(
      /must both be set/,
    );
    const short = { VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 40), VAPID_PRIVATE_KEY: pair.privateKey };
    expect(() => loadVapidKeys(loadConfig({ DATA_DIR: '/nonexistent', ...short }))).toThrow(/P-256/);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('stores one row per device endpoint, tied to the user, campus and session; the same endpoint again replaces it', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const device = deviceSubscription();
    const created = await bodyOf<PushSubscriptionDto>(await subscribe(app, member, device), 201);
    expect(created).toEqual({ endpoint: device.endpoint, createdAt: expect.any(String) });
    const renewed = { ...deviceSubscription(device.endpoint) };
    expect((await subscribe(app, member, renewed)).status).toBe(201);
    expect(await endpointsOf(app, member.user.id)).toEqual([
      { endpoint: device.endpoint, campus_id: member.user.campus_id, p256dh: renewed.keys.p256dh },
    ]);
    // A second device is its own row.
    expect((await subscribe(app, member, deviceSubscription())).status).toBe(201);
    expect(await endpointsOf(app, member.user.id)).toHaveLength(2);
  });

  it('DELETE removes the device’s row', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const device = deviceSubscription();
    await subscribe(app, member, device);
    const response = await unsubscribe(app, member, device.endpoint);
    expect(response.status).toBe(204);
    expect(await endpointsOf(app, member.user.id)).toEqual([]);
  });

  it('logout deletes the subscriptions the session made, and only those', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const otherSession = await app.signInAs(member.user.id);
    await subscribe(app, member, deviceSubscription());
    const kept = deviceSubscription();
    await subscribe(app, { ...member, session: otherSession }, kept);
    const response = await app.request('/api/auth/logout', { method: 'POST', session: member.session, json: {} });
    expect(response.status).toBe(200);
    expect((await endpointsOf(app, member.user.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });
});
