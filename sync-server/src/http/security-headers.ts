import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers with a same-origin content security policy (decision 021).
 * 'self' in connect-src covers the app's own ws:/wss: sockets (CSP Level 3), so
 * no scheme-wide ws:/wss: source; styles come from files only (React's style
 * props go through CSSOM, which style-src does not block); no 'unsafe-eval',
 * which is why zod is jitless in the browser (shared/src/zod.ts).
 */
const policy = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    styleSrc: ["'self'"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
  },
  // The PWA is served over plain HTTP on localhost; HSTS belongs to the TLS proxy in production.
  strictTransportSecurity: false,
});

/**
 * The headers hono's secureHeaders sets for that policy, read once from a
 * probe request: hono stays the one that decides them, and they are the
 * same for every response, so they are kept as a plain object that a ready
 * answer can carry from the start (standard-response.ts).
 */
const probe = await new Hono()
  .use(policy)
  .get('/', (c) => c.body(null, 204))
  .request('/');
const probed: Record<string, string> = {};
probe.headers.forEach((value, name) => {
  probed[name] = value;
});
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(probed);
