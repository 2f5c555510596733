import type { MiddlewareHandler } from 'hono';
import { SECURITY_HEADERS } from './security-headers.ts';
import { hasStandardHeaders } from './standard-response.ts';

/**
 * Sets SECURITY_HEADERS on every response, replacing a route's own values
 * (as secureHeaders does), and drops X-Powered-By. A response built with
 * them already in (standard-response.ts) is left as it is.
 */
export function contentSecurityHeaders(): MiddlewareHandler {
  return async function securityHeaders(c, next) {
    await next();
    if (hasStandardHeaders(c.res)) return;
    const headers = c.res.headers;
    for (const name in SECURITY_HEADERS) headers.set(name, SECURITY_HEADERS[name] as string);
    headers.delete('X-Powered-By');
  };
}
