import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import { SIGN_IN_MESSAGES } from '@campus/shared/account-rules';
import { describe, expect, it } from 'vitest';
import { createPasswordUser, expectError, linkParameter, PASSWORD } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const OWNER = 'owner@ou.edu';

interface Attempt {
  email?: string;
  password: string;
  from?: string;
  cookie?: string;
}

function login(app: TestApp, { email = OWNER, password, from, cookie }: Attempt) {
  const headers: Record<string, string> = {};
  if (from) headers['x-forwarded-for'] = from;
  if (cookie) headers.cookie = cookie;
  return app.request('/api/auth/login', { headers, json: { email, password } });
}

/** The `known_device=…` pair a response set, ready to send back as a Cookie header. */
function knownDeviceOf(response: Response): string {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('known_device='));
  if (!line) throw new Error('no known-device cookie was set');
  return line.split(';')[0] ?? '';
}

// issue 35 item 7: 30 wrong passwords from one address (a dorm's NAT) kept every right one out for an hour.
describe('a password spray from one address across many accounts (a dorm behind one NAT address)', () => {
  it('slows the address, yet a student whose account is not under attack signs in, or is told of a typo', async () => {
    const app = await createTestApp({ loginFailuresPerClientPerHour: 5 });
    for (let index = 0; index < 8; index++) await createPasswordUser(app, { email: `student${index}@ou.edu` });
    for (let index = 0; index < 5; index++) {
      const response = await login(app, { email: `student${index}@ou.edu`, password: 'Summer2026!' });
      await expectError(response, 401, SIGN_IN_MESSAGES.wrongPassword);
    }
    expect((await login(app, { email: 'student6@ou.edu', password: PASSWORD })).status).toBe(200);
    await expectError(
      await login(app, { email: 'student7@ou.edu', password: 'typo' }),
      401,
      SIGN_IN_MESSAGES.wrongPassword,
    );
    expect((await login(app, { email: 'student7@ou.edu', password: PASSWORD })).status).toBe(200);
  });

  it('makes an account under attack wait at a slowed address, and the wait grows', async () => {
    let now = Date.parse('2026-11-29T12:00:00.000Z');
    const app = await createTestApp({ loginFailuresPerClientPerHour: 5 }, () => now);
    await createPasswordUser(app, { email: 'target@ou.edu' });
    await createPasswordUser(app, { email: 'other@ou.edu' });
    const guess = (email: string) => login(app, { email, password: 'Summer2026!' });
    for (let round = 0; round < 3; round++) await guess('target@ou.edu');
    for (let round = 0; round < 2; round++) await guess('other@ou.edu');
    const waited = await login(app, { email: 'target@ou.edu', password: PASSWORD });
    await expectError(waited, 429, LIMIT_MESSAGES.signInsFromClient(60_000));
    now += 61_000;
    expect((await login(app, { email: 'target@ou.edu', password: PASSWORD })).status).toBe(200);
    for (let round = 0; round < 3; round++) await guess('target@ou.edu');
    for (let round = 0; round < 2; round++) await guess('other@ou.edu');
    const longer = await login(app, { email: 'target@ou.edu', password: PASSWORD });
    await expectError(longer, 429, LIMIT_MESSAGES.signInsFromClient(2 * 60_000));
  });
});

describe('behind a trusted proxy', () => {
  it('a stranger’s failures do not lock the owner out at the owner’s own address', async () => {
    const app = await createTestApp({ trustProxyHops: 1 });
    await createPasswordUser(app, { email: OWNER });
    for (let attempt = 0; attempt < 6; attempt++)
      await login(app, { password: `guess${attempt}`, from: '203.0.113.66' });
    expect((await login(app, { password: PASSWORD, from: '203.0.113.66' })).status).toBe(429);
    expect((await login(app, { password: PASSWORD, from: '198.51.100.7' })).status).toBe(200);
  });

  it('strangers at many addresses lock the account for strangers, not for the owner’s known device', async () => {
    const app = await createTestApp({ trustProxyHops: 1, loginFailuresPerAccountPerHour: 10 });
    await createPasswordUser(app, { email: OWNER });
    const signedIn = await login(app, { password: PASSWORD, from: '198.51.100.7' });
    expect(signedIn.status).toBe(200);
    const device = knownDeviceOf(signedIn);
    for (let attempt = 0; attempt < 12; attempt++) {
      await login(app, { password: `guess${attempt}`, from: `203.0.113.${attempt + 1}` });
    }
    const stranger = await login(app, { password: PASSWORD, from: '203.0.113.200' });
    // Not the spec's lock (that is one address's): it says what still gets the owner in.
    await expectError(stranger, 429, SIGN_IN_MESSAGES.lockedForStrangers);
    const ownerWithoutDevice = await login(app, { password: PASSWORD, from: '198.51.100.7' });
    expect(ownerWithoutDevice.status).toBe(429);
    expect((await login(app, { password: PASSWORD, from: '198.51.100.7', cookie: device })).status).toBe(200);
  });

  it('strangers at many addresses do not keep the owner from an e-mailed sign-in link', async () => {
    const app = await createTestApp({ trustProxyHops: 1, loginFailuresPerAccountPerHour: 3 });
    await createPasswordUser(app, { email: OWNER });
    for (let attempt = 0; attempt < 4; attempt++) {
      await login(app, { password: `guess${attempt}`, from: `203.0.113.${attempt + 1}` });
    }
    await expectError(
      await login(app, { password: PASSWORD, from: '198.51.100.7' }),
      429,
      SIGN_IN_MESSAGES.lockedForStrangers,
    );
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    expect((await app.request('/api/auth/sign-in-link', { headers, json: { email: OWNER } })).status).toBe(200);
    const token = await linkParameter(app, OWNER, 'token');
    const done = await app.request('/api/auth/sign-in-link/complete', { headers, json: { email: OWNER, token } });
    expect(done.status).toBe(200);
  });

  it('a known-device cookie is bound to its account and cannot be forged', async () => {
    const app = await createTestApp({ trustProxyHops: 1, loginFailuresPerAccountPerHour: 3 });
    await createPasswordUser(app, { email: OWNER });
    await createPasswordUser(app, { email: 'attacker@ou.edu' });
    const attackerDevice = knownDeviceOf(await login(app, { email: 'attacker@ou.edu', password: PASSWORD }));
    for (let attempt = 0; attempt < 4; attempt++) {
      await login(app, { password: `guess${attempt}`, from: `203.0.113.${attempt + 1}` });
    }
    const [name, value = ''] = attackerDevice.split('=');
    const forged = `${name}=${value.replace(/^[^.]+/, 'someone-else')}`;
    for (const cookie of [attackerDevice, forged, 'known_device=garbage']) {
      expect((await login(app, { password: PASSWORD, from: '203.0.113.99', cookie })).status).toBe(429);
    }
  });

  it('a password reset clears the locks on the account', async () => {
    const app = await createTestApp({ trustProxyHops: 1, loginFailuresPerAccountPerHour: 3 });
    await createPasswordUser(app, { email: OWNER });
    for (let attempt = 0; attempt < 6; attempt++) {
      await login(app, { password: `guess${attempt}`, from: attempt < 5 ? '203.0.113.1' : '203.0.113.2' });
    }
    expect((await login(app, { password: PASSWORD, from: '203.0.113.1' })).status).toBe(429);
    expect((await login(app, { password: PASSWORD, from: '198.51.100.7' })).status).toBe(429);
    await app.request('/api/auth/password-reset', { json: { email: OWNER } });
    const token = await linkParameter(app, OWNER, 'token');
    const reset = await app.request('/api/auth/password-reset/complete', {
      headers: { 'x-forwarded-for': '198.51.100.7' },
      json: { token, password: 'brand new' },
    });
    expect(reset.status).toBe(200);
    expect((await login(app, { password: 'brand new', from: '198.51.100.7' })).status).toBe(200);
    expect((await login(app, { password: 'brand new', from: '203.0.113.1' })).status).toBe(200);
  });
});

describe('the known-device cookie', () => {
  it('is set on a successful sign-in: HttpOnly, SameSite=Lax, sent only to /api/auth', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: OWNER });
    const response = await login(app, { password: PASSWORD });
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('known_device=')) ?? '';
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(line).toMatch(/; Max-Age=\d+/);
  });

  it('is not set when the sign-in fails', async () => {
    const app = await createTestApp();
    await createPasswordUser(app, { email: OWNER });
    const response = await login(app, { password: 'wrong one' });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('known_device='))).toBe(false);
  });
});
