import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

async function fakeWebDist(): Promise<string> {
  const dist = await mkdtemp(path.join(tmpdir(), 'campus-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'sw.js'), '// worker');
  return dist;
}

describe('serving the built PWA', () => {
  it('answers every client route with the shell, revalidated on each load', async () => {
    const app = await createTestApp({ webDist: await fakeWebDist() });
    for (const route of [
      '/',
      '/index.html',
      '/media',
      '/media/01a2-post-id',
      '/home',
      '/post/123',
      '/settings/account/email',
      '/emilyc',
      '/this/does/not/exist',
    ]) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toContain('text/html');
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
      expect(await response.text(), route).toContain('<div id="root">');
    }
  });

  it("preloads /home's first feed page and a post page's post with the shell, nothing for other screens", async () => {
    const dist = await fakeWebDist();
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><head><title>shell</title></head><div id="root"></div>',
    );
    const app = await createTestApp({ webDist: dist });
    const preload = (href: string) => `<link rel="preload" href="${href}" as="fetch" crossorigin></head>`;
    for (const route of ['/', '/home']) {
      expect(await (await app.request(route)).text(), route).toContain(preload('/api/posts/feed?limit=25'));
    }
    expect(await (await app.request('/post/01a2-post')).text()).toContain(preload('/api/posts/01a2-post'));
    // The id is spelled as the app spells it, and nothing in it reaches the HTML unescaped.
    const odd = await (await app.request('/post/a%22%3E%3Cscript%3E')).text();
    expect(odd).toContain(preload('/api/posts/a%22%3E%3Cscript%3E'));
    expect(odd).not.toContain('<script>');
    for (const route of ['/index.html', '/post/%E0%A4%A', '/post/1/comments', '/messages', '/homework']) {
      expect(await (await app.request(route)).text(), route).not.toContain('rel="preload"');
    }
  });

  // issue 39 item 11: every campus was installed on iPhone with the generic Campus icon.
  it("names the campus's own home-screen icon in every shell", async () => {
    const dist = await fakeWebDist();
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><head><link rel="apple-touch-icon" href="/brand/campus/icon-192.png" /></head><div id="root"></div>',
    );
    const app = await createTestApp({ webDist: dist });
    for (const [host, campusId] of [
      ['utexas.localhost', 'ut'],
      ['ou.localhost', 'ou'],
      ['campus.localhost', 'campus'],
    ]) {
      for (const route of ['/home', '/settings']) {
        const shell = await (await app.request(route, { host })).text();
        expect(shell, `${host}${route}`).toContain(
          `<link rel="apple-touch-icon" href="/brand/${campusId}/icon-192.png">`,
        );
      }
    }
  });

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const app = await createTestApp({ webDist: await fakeWebDist() });
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const worker = await app.request('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it("sends the build's Brotli or gzip copy of an asset as the browser accepts, the file itself otherwise", async () => {
    const dist = await fakeWebDist();
    const source = 'export const words = "a lazy screen, said twice, said twice";\n'.repeat(40);
    await writeFile(path.join(dist, 'assets', 'screen-abc123.js'), source);
    await writeFile(path.join(dist, 'assets', 'screen-abc123.js.br'), brotliCompressSync(source));
    await writeFile(path.join(dist, 'assets', 'screen-abc123.js.gz'), gzipSync(source));
    const app = await createTestApp({ webDist: dist });
    for (const [accepts, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const response = await app.request('/assets/screen-abc123.js', { headers: { 'Accept-Encoding': accepts } });
      expect(response.headers.get('content-encoding'), accepts).toBe(encoding);
      expect(response.headers.get('content-type'), accepts).toContain('text/javascript');
      expect(response.headers.get('vary'), accepts).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control'), accepts).toBe('public, max-age=31536000, immutable');
      expect(decode(Buffer.from(await response.arrayBuffer())).toString(), accepts).toBe(source);
    }
    const plain = await app.request('/assets/screen-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
  });

  it('is a 404 (not the shell) for missing files and unknown server paths', async () => {
    const app = await createTestApp({ webDist: await fakeWebDist() });
    for (const missing of ['/assets/gone-123.js', '/brand/ou/icon-300.png', '/media/nope.webp', '/favicon.ico']) {
      expect((await app.request(missing)).status, missing).toBe(404);
    }
  });

  it('sends security headers with a same-origin content security policy', async () => {
    const app = await createTestApp({ webDist: await fakeWebDist() });
    const response = await app.request('/home');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
