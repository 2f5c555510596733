/**
 * Who may search a campus (spec 2 §2 Search page, last bullets; decision 035),
 * one function for the server's refusal and the web's redirect.
 */
import type { CampusReader } from './campus-access.ts';
import type { CampusPrivacy } from './campuses.ts';

/** spec 1 §6: the auth modal's title of type search; the server's 401 says the same. */
export const SEARCH_SIGN_IN_MESSAGE = 'Start searching.';
export const SEARCH_VERIFY_MESSAGE = 'Verify your account to continue.';

/**
 * 'ok'; or, on a private campus, 'sign-in' for a visitor (the auth modal),
 * 'verify' for an unverified user (/verify), 'school-email' for a user
 * without a school e-mail (/settings/account/school_email). School-verified
 * guests from another school search too (spec 2 §6). The generic site is public.
 */
export function searchAccessOf(
  privacy: CampusPrivacy,
  searcher: CampusReader | null,
): 'ok' | 'sign-in' | 'verify' | 'school-email' {
  if (privacy !== 'private') return 'ok';
  if (searcher === null) return 'sign-in';
  if (!searcher.isVerified) return 'verify';
  return searcher.isSchoolVerified ? 'ok' : 'school-email';
}
