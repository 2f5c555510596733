/**
 * The school finder's contract (spec 2 §2 "School finder"): GET /api/campuses/search?q=
 * over the campus catalogue, and GET /api/campuses/{id} for one school. Answers only;
 * the query's schema is in campus-search-requests.ts (decision 031).
 */

export const CAMPUS_SEARCH_PATH = '/api/campuses/search';

/** Longest query the finder takes; the box stops there (maxLength). */
export const CAMPUS_SEARCH_MAX_CHARS = 100;

/** Most schools one search answers: the catalogue is small, the list stays scannable. */
export const CAMPUS_SEARCH_LIMIT = 20;

/** A school as the finder shows it: name, city, state, country and logo. */
export interface CampusSearchHitDto {
  id: string;
  name: string;
  shortName: string;
  city: string | null;
  state: string | null;
  country: string;
  /** Absolute path of the logo on this origin. */
  logoUrl: string;
  /** The first label of the school's own site (utexas → utexas.localhost); the web builds the URL from its host. */
  subdomain: string;
}

export interface CampusSearchDto {
  campuses: CampusSearchHitDto[];
}

/** The finder's words, spec 2 §2 "School finder" word for word. */
export const SCHOOL_FINDER_TEXT = {
  title: 'Find Your School',
  placeholder: 'Search schools',
  viewYourCampus: 'View Your Campus',
  visitAsGuest: 'Visit As Guest',
  joinCampus: 'Join Campus',
  somethingWentWrong: 'Something went wrong',
} as const;

/** Our words where the spec has none (decision 036). */
export const SCHOOL_FINDER_MESSAGES = {
  queryTooLong: `Search with at most ${CAMPUS_SEARCH_MAX_CHARS} characters.`,
  tooManySearches: 'Too many searches. Please wait a minute and try again.',
  schoolNotFound: 'That school is not in our list.',
} as const;
