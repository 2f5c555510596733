/**
 * The information pages under /settings (spec 3 §2 Static pages, §9): every
 * date, limit and figure they state, in one place so the pages and the tests
 * that read them agree (docs/decisions/045-information-pages.md).
 */

/** spec 3 §2: 'last updated May 27, 2021'. */
export const TERMS_LAST_UPDATED = 'May 27, 2021';
/** spec 3 §2: 'dated June 24 2022'. */
export const PRIVACY_LAST_UPDATED = 'June 24, 2022';

/** spec 3 §9 'Terms limits'. */
export const TERMS_LIMITS = {
  minimumAge: 16,
  payoutBusinessDays: '3-5',
  paymentAccountSetupDays: 90,
  shipWithinBusinessDays: 3,
  arbitrationOptOutDays: 30,
  liabilityCapDollars: 100,
  liabilityLookbackMonths: 12,
  claimsWithinYears: 1,
  remoteArbitrationUnderDollars: 10_000,
} as const;

/** spec 3 §9 'Return policy': 2 days to the seller, 2 more to us (4 in all), a 2-day return window. */
export const RETURN_POLICY = {
  contactSellerDays: 2,
  reportToUsDays: 2,
  totalDays: 4,
  refundReturnWindowDays: 2,
} as const;

/** spec 3 §9: 'Posting takes under 30 seconds (marketing claim)'. */
export const POSTING_SECONDS = 30;
/** spec 3 §9: 'Privacy: data of users under 16 is not sold.' */
export const PRIVACY_NOT_SOLD_UNDER_AGE = 16;
/** spec 3 §2: the privacy contact e-mail; the same support address as spec 1's Contact Us card. */
export const PRIVACY_CONTACT_EMAIL = 'support@campusbuysell.app';

/**
 * spec 3 §1: 'Feedback and support go through a social-media direct message to
 * a campus-named account.' The handle is the campus short name, letters and
 * digits only, lower-cased, plus 'buysell': OU → 'oubuysell', the generic
 * site → 'campusbuysell' (the account spec 1's Contact Us card already uses).
 */
export function campusSocialHandle(shortName: string): string {
  return `${shortName.toLowerCase().replace(/[^a-z0-9]/g, '')}buysell`;
}

/** Instagram's own link that opens a direct message to an account. */
export function campusDirectMessageUrl(shortName: string): string {
  return `https://ig.me/m/${campusSocialHandle(shortName)}`;
}

/** The page each /settings/<page> shows, with its heading (spec 3 §2 Settings navigation). */
export const INFO_PAGE_TITLES = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  trust_and_safety: 'Trust and Safety',
  returns: 'Return Policy',
  howitworks: 'How It Works',
  about: 'About',
  help: 'Customer Support',
  feedback: 'Give Us Feedback',
} as const;

export type InfoPageSlug = keyof typeof INFO_PAGE_TITLES;

/**
 * spec 3 §2 'Other links seen': /settings/refunds and /settings/cookies are
 * sections of two pages, not pages of their own, so they lead there.
 */
export const INFO_PAGE_ALIASES = {
  refunds: '/settings/returns#refunds',
  cookies: '/settings/privacy#cookies',
} as const;
