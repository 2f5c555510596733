import { describe, expect, it } from 'vitest';
import { appSeenFrom, US_ADDRESS } from './location-test-app.ts';

// spec 1 §5 and §2: the page-load location check (decision 028).
describe('GET /api/auth/location', () => {
  it('lets a US visitor whose device keeps the address’s time zone through, and says so privately', async () => {
    const app = await appSeenFrom();
    const response = await app.get('/api/auth/location', US_ADDRESS, { 'x-time-zone': 'America/Chicago' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isAllowed: true });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('lets a US visitor through without a device time zone, and loopback always', async () => {
    const app = await appSeenFrom();
    expect(await (await app.get('/api/auth/location', US_ADDRESS)).json()).toEqual({ isAllowed: true });
    const local = await app.get('/api/auth/location', '127.0.0.1', { 'x-time-zone': 'Asia/Tokyo' });
    expect(await local.json()).toEqual({ isAllowed: true });
  });

  it('answers a signed-out visitor on every campus site, the generic one too', async () => {
    const app = await appSeenFrom();
    for (const host of ['ou.localhost', 'utexas.localhost', 'localhost']) {
      const response = await app.get('/api/auth/location', US_ADDRESS, { host });
      expect(response.status).toBe(200);
    }
  });
});
