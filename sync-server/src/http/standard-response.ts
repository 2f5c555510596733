import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Responses that carry every standard header from the start (see bytesResponse). */
const withStandardHeaders = new WeakSet<Response>();

/** The plain header objects, one per route's own headers object, built once. */
const mergedHeaders = new WeakMap<Readonly<Record<string, string>>, Readonly<Record<string, string>>>();

export function hasStandardHeaders(response: Response): boolean {
  return withStandardHeaders.has(response);
}

/**
 * A 200 answer of ready bytes that carries the security headers and
 * `Vary: Accept-Encoding` from the start, in a plain object: the security
 * and compression middleware have nothing to add (unless the client asks
 * for compression), and @hono/node-server writes it to the socket without
 * building a Headers object. On a cached feed page that work had been about
 * a quarter of the server's time (issue 25).
 *
 * `headers` should be a module constant (the merged object is kept per
 * object). Headers set earlier with `c.header()` would not be carried: the
 * session cookie's writers mark the context (`headersPrepared`), and then
 * the ordinary `c.body()` answer is made, which carries them.
 */
export function bytesResponse(
  c: Context<AppEnv>,
  bytes: Uint8Array<ArrayBuffer>,
  headers: Readonly<Record<string, string>>,
): Response {
  if (c.get('headersPrepared')) return c.body(bytes, 200, { ...headers });
  let merged = mergedHeaders.get(headers);
  if (!merged) {
    merged = Object.freeze({ ...SECURITY_HEADERS, vary: 'Accept-Encoding', ...headers });
    mergedHeaders.set(headers, merged);
  }
  const response = new Response(bytes, { status: 200, headers: merged });
  withStandardHeaders.add(response);
  return response;
}
