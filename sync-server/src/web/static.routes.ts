import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/**
 * Serves the built PWA. Hashed assets are immutable; the service worker and
 * the HTML shell must be revalidated on every load so an update is seen
 * (workbox's own guidance). Any other GET is a client route: answer the shell.
 */
export function staticRoutes(webDist: string) {
  const root = webDist;
  let shell: Promise<string> | undefined;
  function readShell(): Promise<string> {
    shell ??= readFile(path.join(webDist, 'index.html'), 'utf8').catch((error: unknown) => {
      shell = undefined;
      throw error;
    });
    return shell;
  }

  return new Hono<AppEnv>()
    .use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    .use(
      '*',
      serveStatic({
        root,
        // index.html is answered by the fallback below, with its own headers.
        rewriteRequestPath: (requestPath) =>
          requestPath === '/' || requestPath === '/index.html' ? '/-' : requestPath,
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    )
    .get('*', async (c) => {
      const html = await readShell().catch(() => null);
      if (html === null) return c.text('The web app is not built yet: run `npm run build`.', 503);
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    });
}
