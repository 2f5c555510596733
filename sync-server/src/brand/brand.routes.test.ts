import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

describe('per-campus branding', () => {
  it('serves a manifest per campus with its name, colour and install icons', async () => {
    const app = await createTestApp();
    const ou = (await (await app.request('/manifest.webmanifest')).json()) as Record<string, unknown>;
    const ut = (await (await app.request('/manifest.webmanifest', { host: 'utexas.localhost' })).json()) as Record<
      string,
      unknown
    >;
    expect(ou).toMatchObject({
      name: 'OU Buy / Sell',
      theme_color: '#841617',
      display: 'standalone',
      start_url: '/home',
    });
    expect(ut).toMatchObject({ name: 'UT Buy / Sell', theme_color: '#bf5700' });
    expect(ou.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
  });

  it('renders install icons as PNGs of the stated size', async () => {
    const app = await createTestApp();
    for (const [path, size] of [
      ['/brand/ou/icon-192.png', 192],
      ['/brand/ut/icon-512.png', 512],
      ['/brand/campus/icon-maskable-512.png', 512],
    ] as const) {
      const response = await app.request(path);
      expect(response.headers.get('content-type')).toBe('image/png');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', size, size]);
    }
  });

  it('is 404 for an unknown campus or icon size', async () => {
    const app = await createTestApp();
    expect((await app.request('/brand/nowhere/logo.svg')).status).toBe(404);
    expect((await app.request('/brand/ou/icon-300.png')).status).toBe(404);
    expect((await app.request('/brand/ou/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
  });
});
