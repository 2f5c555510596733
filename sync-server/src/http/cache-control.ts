import type { MiddlewareHandler } from 'hono';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sets Cache-Control on the successful responses of the routes below it, so
 * each static folder states its caching policy in one place.
 */
export function cacheControl(value: string): MiddlewareHandler {
  return async function setCacheControl(c, next) {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}
