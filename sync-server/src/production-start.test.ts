import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CampusDto } from '@campus/shared/campus-api';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from './config.ts';
import { MissingSettingsError } from './production-settings.ts';
import { startServer } from './server.ts';
import { startupModeLines } from './startup-log.ts';
import { captureStdout, getWithHost, PRODUCTION_BASE_DOMAIN, productionEnv } from './test/production-env.ts';

const LISTEN = { port: 0, host: '127.0.0.1', seedDemo: false } as const;

/** Every setting production requires, taken away. */
const NOTHING_REQUIRED = {
  SMTP_URL: undefined,
  BASE_DOMAIN: undefined,
  DEVICE_COOKIE_SECRET: undefined,
  UNSUBSCRIBE_SECRET: undefined,
  VAPID_PUBLIC_KEY: undefined,
  VAPID_PRIVATE_KEY: undefined,
  PAYMENTS: undefined,
};

async function refusal(env: NodeJS.ProcessEnv): Promise<MissingSettingsError> {
  const error = await startServer(loadConfig(env, LISTEN)).then(
    (server) => server.close().then(() => undefined),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MissingSettingsError);
  return error as MissingSettingsError;
}

// issue 42: production started with no settings at all, mailed codes nobody could read, and served
// any host as OU.
describe('a production start refuses what it cannot work without (decision 053)', () => {
  it('names every missing setting, one line each, before it writes anything', async () => {
    const env = await productionEnv(NOTHING_REQUIRED);
    const { lines, message } = await refusal(env);
    expect(lines.map((line) => line.split(' ')[0])).toEqual([
      'SMTP_URL',
      'BASE_DOMAIN',
      'DEVICE_COOKIE_SECRET',
      'UNSUBSCRIBE_SECRET',
      'VAPID_PUBLIC_KEY',
      'Payments',
    ]);
    expect(message).toContain('Campus Buy/Sell cannot start in production:');
    expect(lines[0]).toBe(
      'SMTP_URL is not set: sign-up codes and sign-in links need a mail server. Set SMTP_URL=smtps://user:password@smtp.example.org:465.',
    );
    expect(lines[5]).toBe(
      'Payments are not set: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments for boosts, or PAYMENTS=off to run without boosts.',
    );
    expect(existsSync(path.join(env.DATA_DIR ?? '', 'campus.sqlite'))).toBe(false);
  });

  it('refuses each required setting alone', async () => {
    for (const [name, unset] of [
      ['SMTP_URL', { SMTP_URL: undefined }],
      ['BASE_DOMAIN', { BASE_DOMAIN: undefined }],
      ['DEVICE_COOKIE_SECRET', { DEVICE_COOKIE_SECRET: undefined }],
      ['UNSUBSCRIBE_SECRET', { UNSUBSCRIBE_SECRET: undefined }],
      ['VAPID_PUBLIC_KEY', { VAPID_PRIVATE_KEY: undefined }],
      ['Payments', { PAYMENTS: undefined }],
      ['STRIPE_WEBHOOK_SECRET', { PAYMENTS: undefined, STRIPE_SECRET_KEY: 'sk_live_1' }],
    ] as const) {
      const { lines } = await refusal(await productionEnv(unset));
      expect(lines, name).toHaveLength(1);
      expect(lines[0]?.startsWith(name), name).toBe(true);
    }
  });

  it('keeps every embedded default in development', async () => {
    const stdout = captureStdout();
    const env = await productionEnv({ ...NOTHING_REQUIRED, NODE_ENV: 'development' });
    const server = await startServer(loadConfig(env, LISTEN));
    onTestFinished(() => server.close());
    await expect.poll(() => stdout.text()).toContain('mail: the embedded loopback SMTP server');
    expect(stdout.text()).toContain('payments: the built-in test-mode checkout page');
  });
});

describe('a production start with its settings', () => {
  it('says each mode in its log, serves the campus sites and no other host', async () => {
    const stdout = captureStdout();
    const server = await startServer(loadConfig(await productionEnv(), LISTEN));
    onTestFinished(() => server.close());
    const at = (pathname: string, host: string) => getWithHost(server.port, pathname, host);

    expect((await at('/api/health', `127.0.0.1:${server.port}`)).status).toBe(200);
    expect((await at('/api/campus', `ou.${PRODUCTION_BASE_DOMAIN}`)).json<CampusDto>().id).toBe('ou');
    expect((await at('/api/campus', PRODUCTION_BASE_DOMAIN)).json<CampusDto>().id).toBe('campus');
    for (const host of ['example.org', `127.0.0.1:${server.port}`, 'ou.localhost']) {
      const unknown = await at('/', host);
      expect(unknown.status, host).toBe(404);
      expect(unknown.text).toContain('There is no campus site at this address.');
    }

    await expect.poll(() => stdout.text()).toContain('sites: ');
    const log = stdout.text();
    for (const line of [
      'store: SQLite, ',
      'mail: SMTP at 127.0.0.1:2525',
      'payments: off: boosts are not offered',
      'push: VAPID keys from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      'search: in memory on this server',
      `sites: https://campus.${PRODUCTION_BASE_DOMAIN}, https://ou.${PRODUCTION_BASE_DOMAIN}`,
      'any other host is 404',
    ])
      expect(log).toContain(line);
    // The mail server's password never reaches the log.
    expect(log).not.toContain('secret-password');
  });

  it('names the payment mode: Stripe live keys, Stripe test keys, the test page, off', async () => {
    const lineOf = (env: NodeJS.ProcessEnv) => {
      const config = loadConfig(env);
      return startupModeLines(config, config.paymentMode).find((line) => line.startsWith('payments:'));
    };
    const base = await productionEnv({ PAYMENTS: undefined, STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(lineOf({ ...base, STRIPE_SECRET_KEY: 'sk_live_1' })).toBe('payments: Stripe, live keys');
    expect(lineOf({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toBe(
      'payments: Stripe, test keys (no real card is charged)',
    );
    expect(lineOf({ ...base, PAYMENTS: 'test' })).toBe(
      'payments: the TEST-MODE checkout page runs in production (PAYMENTS=test): boosts are free',
    );
    expect(lineOf({ ...base, PAYMENTS: 'off' })).toContain('payments: off');
  });
});
