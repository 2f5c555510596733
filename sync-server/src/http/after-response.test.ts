import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it, onTestFinished } from 'vitest';
import { afterResponse } from './after-response.ts';

describe('afterResponse (decision 032: a comment’s fan-out waits for its answer)', () => {
  it('on Node, runs once the whole answer, compressed and streamed, has been written', async () => {
    const finishedWhenRun: boolean[] = [];
    const body = 'x'.repeat(200_000);
    const app = new Hono().use(compress()).get('/', (c) => {
      const outgoing = (c.env as { outgoing: ServerResponse }).outgoing;
      afterResponse(c, () => finishedWhenRun.push(outgoing.writableFinished));
      return c.text(body);
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect((await response.text()).length).toBe(body.length);
    await new Promise((resolve) => setImmediate(resolve));
    expect(finishedWhenRun).toEqual([true]);
  });

  it('without a Node response (app.request in tests), runs on the next turn, after the handler', async () => {
    const order: string[] = [];
    const app = new Hono().get('/', (c) => {
      afterResponse(c, () => order.push('after'));
      order.push('handler');
      return c.text('ok');
    });
    const response = await app.request('/');
    order.push('answered');
    expect(await response.text()).toBe('ok');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['handler', 'answered', 'after']);
  });
});
