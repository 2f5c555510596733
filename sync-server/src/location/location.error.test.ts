import { describe, expect, it } from 'vitest';
import { appSeenFrom, UK_ADDRESS, US_ADDRESS } from './location-test-app.ts';

describe('GET /api/auth/location when things go wrong', () => {
  it.each([
    ['a documentation range', '203.0.113.5'],
    ['a range with no country in the data', '1.1.1.1'],
  ])('lets %s through: spec 1 §5 "If the lookup fails, login and register proceed anyway"', async (_label, ip) => {
    const app = await appSeenFrom();
    const response = await app.get('/api/auth/location', ip, { 'x-time-zone': 'Europe/London' });
    expect(await response.json()).toEqual({ isAllowed: true });
  });

  it('blocks a US address whose device sends a time zone that is not the address’s, even a made-up one', async () => {
    const app = await appSeenFrom();
    for (const timeZone of ['Europe/Moscow', 'not/a-zone', 'x'.repeat(2000)]) {
      const response = await app.get('/api/auth/location', US_ADDRESS, { 'x-time-zone': timeZone });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ isAllowed: false });
    }
  });

  it('is a GET only: other methods are the API’s 404 envelope, not a 500', async () => {
    const app = await appSeenFrom();
    const response = await app.post('/api/auth/location', {}, UK_ADDRESS);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errors: [expect.objectContaining({ code: 'not_found' })] });
  });
});
