import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createApp } from '../app.ts';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';
import { startMailer } from '../mail/mailer.ts';
import { PASSWORD } from '../test/accounts.ts';
import { checkLocation } from './location-gate.ts';

// Addresses geoip-lite's bundled data places (checked against geoip-lite 1.4.10).
const US_ADDRESS = '8.8.8.8'; // US, America/Chicago
const UK_ADDRESS = '81.2.69.142'; // GB, Europe/London

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

/** The whole app, with requests arriving over a socket from `remoteAddress`. */
async function appSeenFrom() {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-location-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { seedDemo: false });
  const logger = createLogger('silent');
  const mailer = await startMailer({ smtpUrl: undefined, from: config.mailFrom, db, logger });
  onTestFinished(async () => {
    await mailer.close();
    await db.destroy();
  });
  const app = createApp({ db, config, logger, mailer });
  return {
    db,
    post(pathname: string, json: unknown, remoteAddress: string, timeZone = '') {
      const headers = { host: 'ou.localhost', origin: 'http://ou.localhost', 'content-type': 'application/json' };
      return app.request(
        pathname,
        { method: 'POST', headers: { ...headers, 'x-time-zone': timeZone }, body: JSON.stringify(json) },
        { incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' } } },
      );
    },
  };
}

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
