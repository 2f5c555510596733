import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * An answer sent before the request's body has all arrived (a 413, a 401 on
 * an upload, a refused type) says `Connection: close`. @hono/node-server
 * then reads and drops at most 64 MB of the rest for half a second and
 * closes the socket; without the header the client was told keep-alive and
 * found the connection gone (issue 18).
 */
export function closeUnreadBodies(): MiddlewareHandler {
  return async function closeUnread(c, next) {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.complete) return;
    try {
      c.res.headers.set('connection', 'close');
    } catch {
      // A response with immutable headers (a fetched one) is copied first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('connection', 'close');
    }
  };
}
