import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers with a same-origin content security policy (decision 021).
 * 'self' in connect-src covers the app's own ws:/wss: sockets (CSP Level 3), so
 * no scheme-wide ws:/wss: source; styles come from files only (React's style
 * props go through CSSOM, which style-src does not block); no 'unsafe-eval',
 * which is why zod is jitless in the browser (shared/src/zod.ts).
 */
export function contentSecurityHeaders() {
  return secureHeaders({
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
}
