/**
 * One sign-in across the campus sites (decision 042). Each site keeps a
 * host-only session cookie, so a student opening another campus's site
 * ('Visit As Guest' in the school finder, the 'Visit Your Campus' banner)
 * goes through GET /auth/site-handoff?campus={id} on the site they are on.
 * Signed in, it answers a redirect to the other site with a single-use token
 * in the fragment (never sent to a server, never in a log or a Referer);
 * that site's page trades it for its own session at POST /api/auth/site-handoff.
 * Zod-free, like every `*-api.ts`: the session code that reads it is in /home's
 * first script (the request schema is in site-handoff-requests.ts).
 */

/** The path on the current site that starts a hand-off; a browser navigation, not an API call. */
const SITE_HANDOFF_PATH = '/auth/site-handoff';
/** The fragment key the token travels in: `#handoff={token}`. */
export const SITE_HANDOFF_HASH_KEY = 'handoff';

/** A token unknown, used, expired, or made for another campus's site. Not in the spec. */
export const SITE_HANDOFF_EXPIRED = 'This link has expired. Please log in again.';

/**
 * Issue 35 item 6: a hand-off never switches a browser signed in as someone else (a link with
 * another student's token would sign the victim in as them). Not in the spec.
 */
export function siteHandoffSignedInElse(signedInAs: string, handedOffAs: string): string {
  return `You're signed in here as ${signedInAs}. To continue as ${handedOffAs}, log out first, then log in.`;
}

/** The address of the hand-off on the current site, for a link to campus `campusId`'s own site. */
export function siteHandoffHref(campusId: string): string {
  return `${SITE_HANDOFF_PATH}?${new URLSearchParams({ campus: campusId })}`;
}
