import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../test/accounts.ts';
import { checkLocation } from './location-gate.ts';
import { appSeenFrom, UK_ADDRESS, US_ADDRESS } from './location-test-app.ts';

describe('checkLocation (spec 1 §5 location gate)', () => {
  it.each([
    ['no address (not over a socket)', undefined],
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['10/8', '10.20.30.40'],
    ['172.16/12', '172.31.255.1'],
    ['192.168/16', '192.168.1.20'],
    ['IPv6 unique local', 'fd12:3456::1'],
  ])('allows %s', async (_label, ip) => {
    expect(await checkLocation(ip, 'Asia/Tokyo')).toBe('allowed');
  });

  it('allows a US address, with no time zone or the address’s own', async () => {
    expect(await checkLocation(US_ADDRESS, undefined)).toBe('allowed');
    expect(await checkLocation(US_ADDRESS, 'America/Chicago')).toBe('allowed');
    expect(await checkLocation('2001:4860:4860::8888', undefined)).toBe('allowed');
  });

  it('blocks a non-US address, plain or IPv4-mapped, whatever the device says', async () => {
    expect(await checkLocation(UK_ADDRESS, undefined)).toBe('blocked');
    expect(await checkLocation(UK_ADDRESS, 'America/Chicago')).toBe('blocked');
    expect(await checkLocation(`::ffff:${UK_ADDRESS}`, undefined)).toBe('blocked');
  });

  it('blocks a US address whose device time zone differs from the address’s', async () => {
    expect(await checkLocation(US_ADDRESS, 'Europe/Moscow')).toBe('blocked');
  });

  it.each([
    ['a documentation range', '203.0.113.5'],
    ['a range with no country in the data', '1.1.1.1'],
    ['something that is not an address', 'not-an-ip'],
  ])('lets %s through: a failed lookup does not stop sign-in', async (_label, ip) => {
    expect(await checkLocation(ip, 'Europe/London')).toBe('allowed');
  });
});

describe('the gate runs before register, login and link sign-in', () => {
  const register = { name: 'Emily Carter', email: 'emily@gmail.com', password: PASSWORD, terms: true };

  it('refuses them from abroad with the location_blocked code, and registers no one', async () => {
    const app = await appSeenFrom();
    for (const [pathname, json] of [
      ['/api/auth/register', register],
      ['/api/auth/login', { email: 'emily@gmail.com', password: PASSWORD }],
      ['/api/auth/sign-in-link', { email: 'emily@gmail.com' }],
    ] as const) {
      const response = await app.post(pathname, json, UK_ADDRESS);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ errors: [{ code: 'location_blocked', msg: 'Error 404' }] });
    }
    expect(await app.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('refuses a US address with a foreign device time zone, and lets a US visitor register', async () => {
    const app = await appSeenFrom();
    expect((await app.post('/api/auth/register', register, US_ADDRESS, 'Europe/London')).status).toBe(403);
    expect((await app.post('/api/auth/register', register, US_ADDRESS, 'America/Chicago')).status).toBe(201);
  });
});

describe('GET /api/auth/location (decision 028)', () => {
  it('blocks a visitor from abroad and tells nothing but the verdict', async () => {
    const app = await appSeenFrom();
    const response = await app.get('/api/auth/location', UK_ADDRESS, { 'x-time-zone': 'Europe/London' });
    expect(response.status).toBe(200);
    // No country, address or time zone in the answer: the gate says only yes or no.
    expect(await response.json()).toEqual({ isAllowed: false });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('believes the socket, not an X-Forwarded-For the client wrote, unless TRUST_PROXY says a proxy is there', async () => {
    const direct = await appSeenFrom();
    const spoofedHome = await direct.get('/api/auth/location', UK_ADDRESS, { 'x-forwarded-for': US_ADDRESS });
    expect(await spoofedHome.json()).toEqual({ isAllowed: false });
    const spoofedAbroad = await direct.get('/api/auth/location', '127.0.0.1', { 'x-forwarded-for': UK_ADDRESS });
    expect(await spoofedAbroad.json()).toEqual({ isAllowed: true });

    const proxied = await appSeenFrom({ TRUST_PROXY: '1' });
    const abroad = await proxied.get('/api/auth/location', '127.0.0.1', { 'x-forwarded-for': UK_ADDRESS });
    expect(await abroad.json()).toEqual({ isAllowed: false });
    // Entries left of the proxy's own are the client's claims.
    const claimed = await proxied.get('/api/auth/location', '127.0.0.1', {
      'x-forwarded-for': `${US_ADDRESS}, ${UK_ADDRESS}`,
    });
    expect(await claimed.json()).toEqual({ isAllowed: false });
  });

  it('is advice, not a pass: a visitor it blocks is still refused by register itself', async () => {
    const app = await appSeenFrom();
    expect(await (await app.get('/api/auth/location', UK_ADDRESS)).json()).toEqual({ isAllowed: false });
    const register = { name: 'Emily Carter', email: 'emily@gmail.com', password: PASSWORD, terms: true };
    expect((await app.post('/api/auth/register', register, UK_ADDRESS)).status).toBe(403);
  });
});
