/**
 * exam-time.bench.ts's reference: the feed's first page, answered from memory by a bare Hono route
 * on the same HTTP stack (@hono/node-server) in a process of its own, as the app server runs in
 * its own. Reads the bytes from the file named in argv, answers 'ready' with its port over IPC.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = new Uint8Array(readFileSync(process.argv[2] ?? ''));
const app = new Hono().get('*', (c) => c.body(bytes, 200, { 'content-type': 'application/json' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.send?.({ type: 'ready', port: info.port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
