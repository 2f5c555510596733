import { startTestAppParts } from '../test/test-app.ts';

// Addresses geoip-lite's bundled data places (checked against geoip-lite 1.4.10).
export const US_ADDRESS = '8.8.8.8'; // US, America/Chicago
export const UK_ADDRESS = '81.2.69.142'; // GB, Europe/London

/** The whole app, with requests arriving over a socket from `remoteAddress`; `env` adds settings (TRUST_PROXY). */
export async function appSeenFrom(env: Record<string, string> = {}) {
  const { db, app } = await startTestAppParts({ env });
  const headers = { host: 'ou.localhost', origin: 'http://ou.localhost' };
  const socket = (remoteAddress: string) => ({
    incoming: { socket: { remoteAddress, remotePort: 40000, remoteFamily: 'IPv4' } },
  });
  return {
    db,
    post(pathname: string, json: unknown, remoteAddress: string, timeZone = '') {
      return app.request(
        pathname,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'x-time-zone': timeZone },
          body: JSON.stringify(json),
        },
        socket(remoteAddress),
      );
    },
    get(pathname: string, remoteAddress: string, extraHeaders: Record<string, string> = {}) {
      return app.request(pathname, { headers: { ...headers, ...extraHeaders } }, socket(remoteAddress));
    },
  };
}
