import { gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressResponses } from './compress.ts';

const BIG = JSON.stringify({ posts: Array.from({ length: 200 }, (_, index) => ({ id: index, text: 'Lamp, $10' })) });

function appAnswering(body: string, headers: Record<string, string> = {}) {
  return new Hono()
    .use(compressResponses())
    .get('/', (c) => c.body(body, 200, { 'Content-Type': 'application/json', ...headers }));
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('compressResponses', () => {
  it('gzips a large JSON answer for a client that accepts it, and says so', async () => {
    const response = await appAnswering(BIG).request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(response.headers.get('Content-Length')).toBeNull();
    expect(gunzipSync(await bytesOf(response)).toString()).toBe(BIG);
  });

  it('deflates when only deflate is accepted, and leaves q=0 alone', async () => {
    const deflated = await appAnswering(BIG).request('/', { headers: { 'Accept-Encoding': 'gzip;q=0, deflate' } });
    expect(deflated.headers.get('Content-Encoding')).toBe('deflate');
    expect(inflateSync(await bytesOf(deflated)).toString()).toBe(BIG);
    const refused = await appAnswering(BIG).request('/', { headers: { 'Accept-Encoding': 'gzip;q=0' } });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
  });

  it('sends the same bytes uncompressed, with Vary, to a client that asks for none', async () => {
    const response = await appAnswering(BIG, { 'Cache-Control': 'private, no-cache' }).request('/');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
    expect((await bytesOf(response)).toString()).toBe(BIG);
  });

  it('keeps an existing Vary, and leaves small, no-transform and HEAD answers as they are', async () => {
    const gzip = { 'Accept-Encoding': 'gzip' };
    const varied = await appAnswering(BIG, { Vary: 'Cookie' }).request('/', { headers: gzip });
    expect(varied.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    const small = await appAnswering('{"ok":true}', { 'Content-Length': '11' }).request('/', { headers: gzip });
    expect([small.headers.get('Content-Encoding'), small.headers.get('Vary')]).toEqual([null, null]);
    const kept = await appAnswering(BIG, { 'Cache-Control': 'no-transform' }).request('/', { headers: gzip });
    expect(kept.headers.get('Content-Encoding')).toBeNull();
  });
});
