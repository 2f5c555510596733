import { mkdtemp } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished, vi } from 'vitest';
import webPush from 'web-push';

export const PRODUCTION_BASE_DOMAIN = 'campusbuysell.test';

/**
 * Everything a production start requires (issue 42, production-settings.ts), in a fresh data
 * directory; `overrides` adds to it or, with undefined, takes a setting away.
 */
export async function productionEnv(overrides: Record<string, string | undefined> = {}): Promise<NodeJS.ProcessEnv> {
  const keys = webPush.generateVAPIDKeys();
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'production',
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'campus-production-')),
    LOG_LEVEL: 'info',
    SMTP_URL: 'smtp://mailer:secret-password@127.0.0.1:2525',
    BASE_DOMAIN: PRODUCTION_BASE_DOMAIN,
    DEVICE_COOKIE_SECRET: 'device-secret-for-tests-only-0123456789',
    UNSUBSCRIBE_SECRET: 'unsubscribe-secret-for-tests-only-0123456789',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    PAYMENTS: 'off',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** What the server's logger writes to stdout while the test runs (info lines flush 100 ms late: http/logger.ts). */
export function captureStdout(): { text(): string } {
  const written: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  onTestFinished(() => stdout.mockRestore());
  return { text: () => written.join('') };
}

/** A GET with its own Host header (fetch sends the address's host whatever it is told). */
export function getWithHost(
  port: number,
  pathname: string,
  host: string,
): Promise<{ status: number; text: string; json<T>(): T }> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, text, json: <T>() => JSON.parse(text) as T });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
