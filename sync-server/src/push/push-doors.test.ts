import { PUSH_MESSAGES } from '@campus/shared/push-api';
import { describe, expect, it } from 'vitest';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { deviceSubscription, endpointsOf, subscribe } from './push.test-helpers.ts';
import { isPublicAddress, pushServiceHosts } from './push-service-hosts.ts';
import { PUSH_SUBSCRIPTIONS_PER_USER } from './push-subscriptions.repository.ts';

const INVALID = { errors: [{ code: 'validation_failed', msg: PUSH_MESSAGES.invalidSubscription, field: 'endpoint' }] };

// issue 35 item 5: push endpoints reached loopback and private networks (blind SSRF), without a cap.
describe('push endpoints are browser push services only', () => {
  it.each([
    'https://127.0.0.1:8443/push/1',
    'https://[::1]/push/1',
    'https://2130706433/push/1',
    'https://10.0.0.1/push/1',
    'https://192.168.1.1/push/1',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/push/1',
    'https://attacker.example/push/1',
    'https://fcm.googleapis.com.attacker.example/fcm/send/1',
  ])('refuses %s with the message, storing nothing', async (endpoint) => {
    const app = await createTestApp();
    const member = await createMember(app);
    const response = await subscribe(app, member, deviceSubscription(endpoint));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(INVALID);
    expect(await endpointsOf(app, member.user.id)).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://wns2-by3p.notify.windows.com/w/?token=abc',
    'https://web.push.apple.com/abc',
  ])('takes %s', async (endpoint) => {
    const app = await createTestApp();
    const member = await createMember(app);
    expect((await subscribe(app, member, deviceSubscription(endpoint))).status).toBe(201);
  });

  it('takes a host the operator added (PUSH_SERVICE_HOSTS), as the stand-in push service is', async () => {
    const app = await createTestApp({ pushServiceHosts: ['localhost'] });
    const member = await createMember(app);
    expect((await subscribe(app, member, deviceSubscription('https://localhost:8443/push/1'))).status).toBe(201);
  });

  it('refuses a p256dh of the right length that is not a point on P-256', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const device = deviceSubscription();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const response = await subscribe(app, member, {
      ...device,
      keys: { ...device.keys, p256dh: offCurve.toString('base64url') },
    });
    expect(response.status).toBe(422);
    expect(await endpointsOf(app, member.user.id)).toEqual([]);
  });

  it(`keeps ${PUSH_SUBSCRIPTIONS_PER_USER} devices a student at most: the oldest goes`, async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 2 }, () => deviceSubscription());
    for (const device of devices) expect((await subscribe(app, member, device)).status).toBe(201);
    const kept = (await endpointsOf(app, member.user.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((device) => device.endpoint)
        .sort(),
    );
  });

  it("does not let another account take over a device's endpoint without its keys", async () => {
    const app = await createTestApp();
    const owner = await createMember(app);
    const attacker = await createMember(app);
    const device = deviceSubscription();
    expect((await subscribe(app, owner, device)).status).toBe(201);
    const takeover = await subscribe(app, attacker, { ...deviceSubscription(device.endpoint) });
    expect(takeover.status).toBe(409);
    expect(await takeover.json()).toEqual({ errors: [{ code: 'conflict', msg: PUSH_MESSAGES.subscribedElsewhere }] });
    expect(await endpointsOf(app, owner.user.id)).toHaveLength(1);
    expect(await endpointsOf(app, attacker.user.id)).toEqual([]);
    // The same browser subscription (same keys) moves with the student who signs in on the device.
    expect((await subscribe(app, attacker, device)).status).toBe(201);
    expect(await endpointsOf(app, attacker.user.id)).toHaveLength(1);
  });
});

describe('the push agent resolves a push service to public addresses only', () => {
  function resolve(hosts: ReturnType<typeof pushServiceHosts>, hostname: string) {
    return new Promise<string>((done) => {
      hosts.lookup(hostname, {}, (error, address) => done(error ? `refused: ${error.message}` : String(address)));
    });
  }

  it('refuses a name that resolves to loopback unless the operator added it', async () => {
    expect(await resolve(pushServiceHosts([]), 'localhost')).toMatch(/^refused: push service localhost resolves/);
    expect(await resolve(pushServiceHosts(['localhost']), 'localhost')).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('tells public addresses from loopback, private, link-local, shared and reserved ones', () => {
    for (const address of ['142.250.72.14', '2607:f8b0:4005:80a::200a'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '240.0.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
