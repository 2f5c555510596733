import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';

/**
 * Uploaded media. File names carry a content-derived id, so a URL never
 * changes meaning and can be cached forever.
 */
export function mediaRoutes(dataDir: string) {
  // The URL /media/<file> maps onto <dataDir>/media/<file>.
  const root = dataDir;
  return new Hono<AppEnv>().use(
    '/media/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      onNotFound: () => undefined,
    }),
  );
}
