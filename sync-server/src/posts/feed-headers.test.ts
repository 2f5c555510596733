import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../http/security-headers.ts';
import { createSession, generateSessionToken } from '../sessions/session.ts';
import { sessionCookieSetBy, sessionSetBy } from '../test/accounts.ts';
import { createPost } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every header the feed must carry whichever way its answer was made (http/standard-response.ts). */
function expectStandardHeaders(response: Response): void {
  expect(response.status).toBe(200);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('cache-control')).toBe('private, no-cache');
  expect(response.headers.get('vary')).toBe('Accept-Encoding');
}

describe("the feed's headers", () => {
  it('are the security headers, the JSON type, private no-cache and Vary for a visitor and a student', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    await createPost(app.db, { user_id: member.user.id });
    // Hono's secureHeaders decided them: a policy, nosniff, no framing.
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
    for (const session of [undefined, member.session]) {
      const response = await app.request('/api/posts/feed', { session });
      expectStandardHeaders(response);
      expect(sessionSetBy(response)).toBeNull();
    }
  });

  it('carry a renewed session cookie beside them', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    const token = generateSessionToken();
    // Made 20 days ago: within 15 days of its end, so this read renews it.
    await createSession(app.db, token, member.user.id, Date.now() - 20 * DAY_MS);
    const response = await app.request('/api/posts/feed', { session: token });
    expectStandardHeaders(response);
    expect(sessionSetBy(response)).toBe(token);
    expect(sessionCookieSetBy(response)).toContain('HttpOnly');
  });

  it('carry the clearing of an unknown session cookie beside them', async () => {
    const app = await createTestApp();
    const response = await app.request('/api/posts/feed', { session: generateSessionToken() });
    expectStandardHeaders(response);
    expect(sessionSetBy(response)).toBe('');
  });

  it('are kept, and the page is gzip, for a client that accepts it', async () => {
    const app = await createTestApp();
    const member = await createMember(app);
    for (let index = 0; index < 10; index++) await createPost(app.db, { user_id: member.user.id });
    const response = await app.request('/api/posts/feed', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-frame-options')).toBe(SECURITY_HEADERS['x-frame-options']);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const page = JSON.parse(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString('utf8'));
    expect(page.posts).toHaveLength(10);
  });
});
