import { PUSH_MESSAGES } from '@campus/shared/push-api';
import { describe, expect, it } from 'vitest';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { deviceSubscription, endpointsOf, subscribe } from './push.test-helpers.ts';

const INVALID = { errors: [expect.objectContaining({ msg: PUSH_MESSAGES.invalidSubscription })] };

describe('POST /api/push/subscriptions refuses what no browser sends', () => {
  const good = deviceSubscription();
  const cases: [string, unknown][] = [
    ['an http endpoint', { ...good, endpoint: 'http://push.example.test/x' }],
    ['an endpoint that is not a URL', { ...good, endpoint: 'not a url' }],
    ['an endpoint with credentials', { ...good, endpoint: 'https://user:pw@push.example.test/x' }],
    ['an endpoint too long', { ...good, endpoint: `https://push.example.test/${'a'.repeat(2100)}` }],
    ['a p256dh of 64 bytes', { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(64, 4).toString('base64url') } }],
    ['a p256dh that is not base64url', { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(1)}+` } }],
    ['an auth of 15 bytes', { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } }],
    ['no keys', { endpoint: good.endpoint }],
    ['keys not an object', { ...good, keys: 'x' }],
  ];
  it.each(cases)('%s: 422 with the message, nothing stored', async (_name, json) => {
    const app = await createTestApp();
    const member = await createMember(app);
    const response = await subscribe(app, member, json);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(INVALID);
    expect(await endpointsOf(app, member.user.id)).toEqual([]);
  });

  it('bad JSON: 400', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const response = await app.request('/api/push/subscriptions', {
      method: 'POST',
      session: member.session,
      body: '{"endpoint":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });
});
