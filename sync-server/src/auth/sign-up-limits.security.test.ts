import { LIMIT_MESSAGES } from '@campus/shared/abuse-limits';
import { describe, expect, it } from 'vitest';
import { expectError, PASSWORD } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const HOUR_MS = 60 * 60_000;

function register(app: TestApp, email: string, forwardedFor?: string) {
  return app.request('/api/auth/register', {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    json: { name: 'Emily Carter', email, password: PASSWORD, terms: true },
  });
}

function askLink(app: TestApp, email: string) {
  return app.request('/api/auth/sign-in-link', { json: { email, first: 'New', last: 'Student' } });
}

describe('sign-ups per client address', () => {
  it('are capped per hour: the next one is refused with a plain message and creates nothing', async () => {
    const app = await createTestApp({ signupsPerClientPerHour: 2 });
    expect((await register(app, 'one@gmail.com')).status).toBe(201);
    expect((await register(app, 'two@gmail.com')).status).toBe(201);
    await expectError(await register(app, 'three@gmail.com'), 429, LIMIT_MESSAGES.signUpsFromClient(HOUR_MS));
    const users = await app.db.selectFrom('users').select('email').execute();
    expect(users.map((user) => user.email)).toEqual(['one@gmail.com', 'two@gmail.com']);
    expect(await app.mails('three@gmail.com')).toEqual([]);
  });

  it('ignore X-Forwarded-For unless TRUST_PROXY is set: a forged header is no new client', async () => {
    const app = await createTestApp({ signupsPerClientPerHour: 1 });
    expect((await register(app, 'one@gmail.com', '198.51.100.1')).status).toBe(201);
    expect((await register(app, 'two@gmail.com', '198.51.100.2')).status).toBe(429);
  });

  it('with TRUST_PROXY, count each client the proxy names separately', async () => {
    const app = await createTestApp({ signupsPerClientPerHour: 1, trustProxyHops: 1 });
    expect((await register(app, 'one@gmail.com', '198.51.100.1')).status).toBe(201);
    expect((await register(app, 'two@gmail.com', '198.51.100.2')).status).toBe(201);
    // A client adding its own entry in front of the proxy's does not become someone else.
    expect((await register(app, 'three@gmail.com', '10.9.9.9, 198.51.100.2')).status).toBe(429);
  });

  it('the default cap lets a handful of students share one address', async () => {
    const app = await createTestApp();
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f'])
      expect((await register(app, `${name}@gmail.com`)).status).toBe(201);
  });
});

describe('mails per client address', () => {
  it('are capped per hour across recipients', async () => {
    const app = await createTestApp({ mailsPerClientPerHour: 2 });
    expect((await askLink(app, 'a@gmail.com')).status).toBe(200);
    expect((await askLink(app, 'b@gmail.com')).status).toBe(200);
    await expectError(await askLink(app, 'c@gmail.com'), 429, LIMIT_MESSAGES.mailsFromClient(HOUR_MS));
    expect(await app.mails('c@gmail.com')).toEqual([]);
  });
});
