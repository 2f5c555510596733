import type { LocationCheckDto } from '@campus/shared/location-api';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { clientIp } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { checkLocation } from './location-gate.ts';

/**
 * spec 1 §5 and §2: "The location check runs before login and register; it
 * applies on pages /, /home, /messages, /user_registration, /login, /register."
 * The web app asks here when such a page loads, and when the login panel
 * opens, and goes to /404 when the answer is no (decision 028). The writes
 * keep their own check (enforceLocation): this answer is advice to the
 * screen, never a pass.
 */
export function locationRoutes(context: AppContext) {
  return new Hono<AppEnv>().get('/', async (c) => {
    // The answer depends on the caller's address and device: no cache may keep it for someone else.
    c.header('Cache-Control', 'private, no-store');
    const verdict = await checkLocation(clientIp(c, context.config.trustProxyHops), c.req.header('x-time-zone'));
    return c.json({ isAllowed: verdict === 'allowed' } satisfies LocationCheckDto);
  });
}
