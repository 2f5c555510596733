/**
 * The campus catalogue (spec 1 §1 "Supported campuses"). The server upserts
 * these rows into the `campuses` table at start, so this file is the single
 * place a campus is added. Values the spec marks "not shown" (most e-mail
 * domains, cities and colours) are our choice: docs/decisions/003-campus-catalogue.md.
 */

export type CampusPrivacy = 'private' | 'public';

export interface CampusDefinition {
  id: string;
  /** Full school name, e.g. 'University of Oklahoma'. */
  name: string;
  /** What students call it, used in 'Search {campus} Buy / Sell'. */
  shortName: string;
  /** Allowed school e-mail domains (spec 1 §5 school e-mail). Empty for the generic site. */
  emailDomains: readonly string[];
  city: string | null;
  state: string | null;
  /** ISO date (YYYY-MM-DD) or null when the spec does not show it. */
  launchDate: string | null;
  /** The first label of the host name: `ou` serves ou.localhost and ou.<BASE_DOMAIN>. */
  subdomain: string;
  privacy: CampusPrivacy;
  /** Brand colour used for the header, buttons and the manifest theme colour. */
  color: string;
  isGeneric: boolean;
}

const GENERIC_CAMPUS_ID = 'campus';
/** spec 1 §1: "When the host is unknown or local, the default campus is OU." */
export const DEFAULT_CAMPUS_ID = 'ou';

function school(
  id: string,
  shortName: string,
  name: string,
  domain: string,
  city: string,
  state: string,
  launchDate: string,
  color: string,
  subdomain = id,
): CampusDefinition {
  // spec 1 §1: "all school campuses are private".
  return {
    id,
    name,
    shortName,
    emailDomains: [domain],
    city,
    state,
    launchDate,
    subdomain,
    privacy: 'private',
    color,
    isGeneric: false,
  };
}

export const CAMPUSES: readonly CampusDefinition[] = [
  {
    id: GENERIC_CAMPUS_ID,
    name: 'Campus',
    shortName: 'Campus',
    emailDomains: [],
    city: 'Dallas',
    state: 'Texas',
    launchDate: null,
    subdomain: 'campus',
    privacy: 'public',
    color: '#4338ca',
    isGeneric: true,
  },
  school('ou', 'OU', 'University of Oklahoma', 'ou.edu', 'Norman', 'OK', '2022-08-22', '#841617'),
  school('ut', 'UT', 'University of Texas at Austin', 'utexas.edu', 'Austin', 'TX', '2023-11-18', '#bf5700', 'utexas'),
  school('smu', 'SMU', 'Southern Methodist University', 'smu.edu', 'Dallas', 'TX', '2024-08-16', '#0033a0'),
  school('uf', 'UF', 'University of Florida', 'ufl.edu', 'Gainesville', 'FL', '2024-09-10', '#0021a5', 'ufl'),
  school(
    'ucla',
    'UCLA',
    'University of California, Los Angeles',
    'ucla.edu',
    'Los Angeles',
    'CA',
    '2024-10-03',
    '#2774ae',
  ),
  school('stanford', 'Stanford', 'Stanford University', 'stanford.edu', 'Stanford', 'CA', '2024-10-03', '#8c1515'),
  school('duke', 'Duke', 'Duke University', 'duke.edu', 'Durham', 'NC', '2024-10-03', '#012169'),
  school('okstate', 'OKState', 'Oklahoma State University', 'okstate.edu', 'Stillwater', 'OK', '2025-08-26', '#e2620b'),
  school('tamu', 'TAMU', 'Texas A&M University', 'tamu.edu', 'College Station', 'TX', '2025-08-26', '#500000'),
  school('mit', 'MIT', 'Massachusetts Institute of Technology', 'mit.edu', 'Cambridge', 'MA', '2025-08-26', '#a31f34'),
  school('harvard', 'Harvard', 'Harvard University', 'harvard.edu', 'Cambridge', 'MA', '2025-08-26', '#a51c30'),
  school('ucf', 'UCF', 'University of Central Florida', 'ucf.edu', 'Orlando', 'FL', '2025-08-26', '#1f1f1f'),
  school('fsu', 'FSU', 'Florida State University', 'fsu.edu', 'Tallahassee', 'FL', '2025-08-26', '#782f40'),
  school('unt', 'UNT', 'University of North Texas', 'unt.edu', 'Denton', 'TX', '2025-08-26', '#00853e'),
  school('uk', 'UK', 'University of Kentucky', 'uky.edu', 'Lexington', 'KY', '2025-10-22', '#0033a0', 'uky'),
  school('olemiss', 'Ole Miss', 'University of Mississippi', 'olemiss.edu', 'Oxford', 'MS', '2025-10-22', '#14213d'),
  school('osu', 'OSU', 'The Ohio State University', 'osu.edu', 'Columbus', 'OH', '2025-10-22', '#ba0c2f'),
  school('lsu', 'LSU', 'Louisiana State University', 'lsu.edu', 'Baton Rouge', 'LA', '2025-10-22', '#461d7c'),
  school('nyu', 'NYU', 'New York University', 'nyu.edu', 'New York', 'NY', '2025-10-22', '#57068c'),
  school('asu', 'ASU', 'Arizona State University', 'asu.edu', 'Tempe', 'AZ', '2025-10-22', '#8c1d40'),
];

/**
 * Resolves the campus a request is for from its Host header (spec 1 §1).
 * `ou.localhost:8080` and `ou.<baseDomain>` are OU; `localhost`, IP addresses
 * and any host we do not know fall back to OU.
 */
export function campusIdForHost(host: string | null | undefined, baseDomain?: string): string {
  const hostname = hostnameOf(host);
  const suffixes = ['localhost', ...(baseDomain ? [baseDomain.toLowerCase()] : [])];
  for (const suffix of suffixes) {
    const campusId = siteUnder(hostname, suffix);
    if (campusId) return campusId;
  }
  return DEFAULT_CAMPUS_ID;
}

/**
 * The campus of a Host header in production (issue 42): only `<site>.<baseDomain>`; the domain
 * itself and `www.` are the generic site; any other host (an IP address, another domain pointed
 * here, `ou.localhost`) is null, never a school's campus.
 */
export function productionCampusIdForHost(host: string | null | undefined, baseDomain: string): string | null {
  const hostname = hostnameOf(host);
  const base = baseDomain.toLowerCase();
  if (hostname === base || hostname === `www.${base}`) return GENERIC_CAMPUS_ID;
  return siteUnder(hostname, base);
}

function hostnameOf(host: string | null | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/:\d+$/, '');
}

/** `ou.localhost`, `www.ou.localhost` → 'ou': the label just before the suffix names the site. */
function siteUnder(hostname: string, suffix: string): string | null {
  if (!hostname.endsWith(`.${suffix}`)) return null;
  const label =
    hostname
      .slice(0, -suffix.length - 1)
      .split('.')
      .pop() ?? '';
  return CAMPUSES.find((candidate) => candidate.subdomain === label)?.id ?? null;
}
