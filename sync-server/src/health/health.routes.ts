import { Hono } from 'hono';
import { type Db, pingDatabase } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';

/** Liveness plus a real database round trip, for load balancers and the Docker HEALTHCHECK. */
export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    await pingDatabase(db);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', database: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
}
