import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cacheControl, IMMUTABLE } from '../http/cache-control.ts';
import type { AppEnv } from '../http/env.ts';

/**
 * Uploaded files and their variants, served at /media/*. File names carry a
 * content-derived id, so a URL never changes meaning and can be cached forever.
 */
export function uploadFileRoutes(dataDir: string) {
  // The URL /media/<file> maps onto <dataDir>/media/<file>.
  const root = dataDir;
  return new Hono<AppEnv>().use('/media/*', cacheControl(IMMUTABLE), serveStatic({ root }));
}
