import { CAMPUSES, campusIdForHost, DEFAULT_CAMPUS_ID } from '@campus/shared/campuses';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';

const campusById = new Map(CAMPUSES.map((campus) => [campus.id, campus]));

/** Every request is for one campus, chosen by its Host header (spec 1 §1). */
export function resolveCampus(baseDomain: string | undefined): MiddlewareHandler<AppEnv> {
  return async function campusFromHost(c, next) {
    const id = campusIdForHost(c.req.header('host'), baseDomain);
    const campus = campusById.get(id) ?? campusById.get(DEFAULT_CAMPUS_ID);
    if (!campus) throw new Error(`campus catalogue lacks the default campus ${DEFAULT_CAMPUS_ID}`);
    c.set('campus', campus);
    await next();
  };
}
