import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it, onTestFinished } from 'vitest';
import { clientAddress, parseTrustProxy } from './client-address.ts';

/** A real HTTP server on port 0 that answers the client address it sees. */
async function echoServer(trustProxyHops: number): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustProxyHops) ?? 'none'));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function seen(url: string, forwardedFor?: string): Promise<string> {
  const response = await fetch(url, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  return response.text();
}

describe('the client address', () => {
  it('is the socket’s address, X-Forwarded-For ignored, when no proxy is trusted', async () => {
    const url = await echoServer(0);
    expect(await seen(url)).toBe('127.0.0.1');
    expect(await seen(url, '198.51.100.1')).toBe('127.0.0.1');
  });

  it('is the entry the trusted proxy added, counted from the right', async () => {
    const one = await echoServer(1);
    expect(await seen(one, '198.51.100.1')).toBe('198.51.100.1');
    expect(await seen(one, '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
    expect(await seen(one)).toBe('127.0.0.1');
    const two = await echoServer(2);
    expect(await seen(two, '6.6.6.6, 198.51.100.1, 10.0.0.2')).toBe('198.51.100.1');
    // Fewer entries than hops: the farthest one there is.
    expect(await seen(two, '198.51.100.1')).toBe('198.51.100.1');
  });

  it('names an IPv6 client by its /64, and an IPv4-mapped address as IPv4', async () => {
    const url = await echoServer(1);
    expect(await seen(url, '2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(await seen(url, '2001:db8:1:2:bbbb::9')).toBe('2001:db8:1:2::/64');
    expect(await seen(url, '::ffff:198.51.100.1')).toBe('198.51.100.1');
    expect(await seen(url, 'not an address')).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['off', 0],
    ['false', 0],
    ['0', 0],
    ['1', 1],
    ['2', 2],
    ['true', 1],
    ['-3', 0],
    ['lots', 0],
  ])('%s means %i trusted hops', (value, hops) => {
    expect(parseTrustProxy(value)).toBe(hops);
  });
});
