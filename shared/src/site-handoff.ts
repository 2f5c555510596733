/**
 * One sign-in across the campus sites (decision 042). Each site keeps a
 * host-only session cookie, so a student opening another campus's site
 * ('Visit As Guest' in the school finder, the 'Visit Your Campus' banner)
 * goes through GET /auth/site-handoff?campus={id} on the site they are on.
 * Signed in, it answers a redirect to the other site with a single-use token
 * in the fragment (never sent to a server, never in a log or a Referer);
 * that site's page trades it for its own session at POST /api/auth/site-handoff.
 */
import { z } from './zod.ts';

/** The path on the current site that starts a hand-off; a browser navigation, not an API call. */
const SITE_HANDOFF_PATH = '/auth/site-handoff';
/** The fragment key the token travels in: `#handoff={token}`. */
export const SITE_HANDOFF_HASH_KEY = 'handoff';

/** A token unknown, used, expired, or made for another campus's site. Not in the spec. */
export const SITE_HANDOFF_EXPIRED = 'This link has expired. Please log in again.';

/** POST /api/auth/site-handoff { token }: answers `MeResponse` and sets this site's session cookie. */
export const siteHandoffCompleteSchema = z.object({
  token: z.string({ error: SITE_HANDOFF_EXPIRED }).min(1, SITE_HANDOFF_EXPIRED).max(100, SITE_HANDOFF_EXPIRED),
});

/** The address of the hand-off on the current site, for a link to campus `campusId`'s own site. */
export function siteHandoffHref(campusId: string): string {
  return `${SITE_HANDOFF_PATH}?${new URLSearchParams({ campus: campusId })}`;
}
