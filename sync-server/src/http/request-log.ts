import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger.ts';

/** One log line per request with its campus, status and duration. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async function logRequest(c, next) {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      campus: c.get('campus')?.id,
    });
  };
}
