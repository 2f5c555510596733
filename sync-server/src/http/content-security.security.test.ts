import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

async function fakeWebDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'campus-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  return dist;
}

/** "a b c; d e" as { a: ['b', 'c'], d: ['e'] }, so the assertion names every directive exactly. */
function directivesOf(header: string | null): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

/** Same origin only: no socket to another host, no inline style, no eval, no framing. */
const EXPECTED = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'style-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
};

// issue 18 item 9: connect-src allowed ws: and wss: to any host, style-src allowed 'unsafe-inline'.
describe('the content security policy', () => {
  it('is exactly the same-origin policy on the shell, the API and the dev mailbox', async () => {
    const app = await createTestApp({ webDist: await fakeWebDist() });
    for (const route of ['/home', '/api/health', '/dev/mail', '/nope.png']) {
      const response = await app.request(route);
      expect(directivesOf(response.headers.get('content-security-policy')), route).toEqual(EXPECTED);
    }
  });

  it('needs no inline style on the dev mailbox: its stylesheet is a same-origin file', async () => {
    const app = await createTestApp();
    const page = await (await app.request('/dev/mail')).text();
    expect(page).not.toMatch(/<style|style=/i);
    expect(page).toContain('<link rel="stylesheet" href="/dev/mail.css">');
    const css = await app.request('/dev/mail.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('.code {');
  });

  it('serves no dev mailbox stylesheet in production', async () => {
    const app = await createTestApp({ isProduction: true, webDist: await fakeWebDist() });
    expect((await app.request('/dev/mail.css')).status).toBe(404);
  });
});
