import { SITE_HANDOFF_HASH_KEY, siteHandoffHref } from '@campus/shared/site-handoff-api';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** GET /auth/site-handoff on `host` with `session`: the redirect's target. */
export async function handoffRedirect(app: TestApp, campusId: string, session?: string, host = 'ou.localhost') {
  const response = await app.request(siteHandoffHref(campusId), { host, session });
  expect(response.status).toBe(302);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return new URL(response.headers.get('location') ?? '');
}

/** The hand-off token in a redirect's fragment, or ''. */
export function tokenIn(location: URL): string {
  return new URLSearchParams(location.hash.slice(1)).get(SITE_HANDOFF_HASH_KEY) ?? '';
}
