import { CAMPUSES, type CampusDefinition, campusIdForHost, DEFAULT_CAMPUS_ID } from '@campus/shared/campuses';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.ts';

const campusById = new Map(CAMPUSES.map((campus) => [campus.id, campus]));

/** Host headers remembered; a client can send any Host, so the map is emptied when full. */
const MAX_HOSTS = 256;

/**
 * Every request is for one campus, chosen by its Host header (spec 1 §1).
 * The answer for a Host never changes while the process runs, so it is
 * worked out once per Host rather than on every request (issue 25).
 */
export function resolveCampus(baseDomain: string | undefined): MiddlewareHandler<AppEnv> {
  const campusByHost = new Map<string | undefined, CampusDefinition>();
  function campusOf(host: string | undefined): CampusDefinition {
    let campus = campusByHost.get(host);
    if (campus === undefined) {
      campus = campusById.get(campusIdForHost(host, baseDomain)) ?? campusById.get(DEFAULT_CAMPUS_ID);
      if (!campus) throw new Error(`campus catalogue lacks the default campus ${DEFAULT_CAMPUS_ID}`);
      if (campusByHost.size >= MAX_HOSTS) campusByHost.clear();
      campusByHost.set(host, campus);
    }
    return campus;
  }
  return function campusFromHost(c, next) {
    c.set('campus', campusOf(c.req.header('host')));
    return next();
  };
}
