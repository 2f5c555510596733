import {
  CAMPUSES,
  type CampusDefinition,
  campusIdForHost,
  DEFAULT_CAMPUS_ID,
  productionCampusIdForHost,
} from '@campus/shared/campuses';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import type { AppEnv } from '../http/env.ts';

const campusById = new Map(CAMPUSES.map((campus) => [campus.id, campus]));

/** Host headers remembered; a client can send any Host, so the map is emptied when full. */
const MAX_HOSTS = 256;

/** The health check answers on any host: a load balancer or Docker asks by address. */
const ANY_HOST_PATHS = new Set(['/api/health']);

type HostRules = Pick<Config, 'baseDomain' | 'isProduction'>;

/**
 * The campus a Host header is for: in development any host is a campus (unknown ones OU, spec 1
 * §1); in production only the sites under BASE_DOMAIN and the domain itself (issue 42), else null.
 */
export function campusForHost({ baseDomain, isProduction }: HostRules) {
  return (host: string | undefined): CampusDefinition | null => {
    const id =
      isProduction && baseDomain ? productionCampusIdForHost(host, baseDomain) : campusIdForHost(host, baseDomain);
    if (id === null) return null;
    const campus = campusById.get(id) ?? campusById.get(DEFAULT_CAMPUS_ID);
    if (!campus) throw new Error(`campus catalogue lacks the default campus ${DEFAULT_CAMPUS_ID}`);
    return campus;
  };
}

const UNKNOWN_HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Not found</title></head>
<body><h1>Not found</h1><p>There is no campus site at this address.</p></body></html>`;

/**
 * Every request is for one campus, chosen by its Host header (spec 1 §1).
 * The answer for a Host never changes while the process runs, so it is
 * worked out once per Host rather than on every request (issue 25). A host
 * production does not serve gets a plain 404 page, never a school's site.
 */
export function resolveCampus(rules: HostRules): MiddlewareHandler<AppEnv> {
  const campusOf = campusForHost(rules);
  const campusByHost = new Map<string | undefined, CampusDefinition | null>();
  const generic = CAMPUSES.find((campus) => campus.isGeneric);
  return async function campusFromHost(c, next) {
    const host = c.req.header('host');
    let campus = campusByHost.get(host);
    if (campus === undefined) {
      campus = campusOf(host);
      if (campusByHost.size >= MAX_HOSTS) campusByHost.clear();
      campusByHost.set(host, campus);
    }
    if (campus === null) {
      if (!ANY_HOST_PATHS.has(c.req.path) || !generic) return c.html(UNKNOWN_HOST_PAGE, 404);
      campus = generic;
    }
    c.set('campus', campus);
    await next();
  };
}
