import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';

/** Liveness plus a real database round trip, for load balancers and the Docker HEALTHCHECK. */
export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => {
    await sql`select 1`.execute(db);
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', database: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
}
