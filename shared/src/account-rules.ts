/**
 * Account validation rules with the spec's exact messages (spec 1 §5, §8).
 * One schema serves the form and the endpoint (STYLE.md: epic-stack).
 */
import { z } from './zod.ts';

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address!',
  emailBanned: 'Account has been banned',
  emailCheckFailed: 'Error checking if email is available',
  passwordRequired: 'Password is required.',
  fullNameRequired: 'Full name is required',
  nameInvalid: 'Name is Invalid',
  nameCharactersInvalid: 'Your Name is Invalid.',
  codeRequired: 'Please enter verification code',
  codeIncorrect: 'Your code was incorrect. Please try again.',
  usernameRequired: 'Username is required.',
  usernameTooShort: 'Must be longer than 4 characters.',
  usernameCharacters: 'Only letters, numbers, _ and -',
  usernameTaken: 'That username has been taken.',
  phoneRequired: 'A phone # is required',
  phoneInvalid: 'Invalid phone #',
  newEmailSame: 'Enter a new email',
  emailTaken: 'That email is taken.',
  somethingWentWrongBang: 'Something went wrong!',
  currentPasswordRequired: 'Current password required',
  newPasswordRequired: 'Please enter a new password',
  confirmPasswordRequired: 'Must re-enter new password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShortSettings: 'Passwords must be 6+ characters',
  invalidPassword: 'Invalid password.',
  genderRequired: 'Must select a gender',
  birthDateIncomplete: 'Please fill in all the fields',
  schoolEmailInvalid: 'Enter a valid school email',
  schoolEmailSame: 'Enter a new school email',
  somethingWentWrong: 'Something went wrong',
  bioTooLong: 'Bio must be 160 characters or less.',
  photosOnly: 'Only photos are allowed!',
  userMissingPhoto: "User doesn't exist. Could't change profile photo",
  profileUpdated: 'Profile Updated',
  accountUpdated: 'Account Updated!',
  emailSent: 'Email sent',
  linkEmailSent: 'Email sent.',
  linkFailed: 'An unknown error has occurred',
  wrongEmailLink: 'Failed: Wrong Email.',
  userNotFoundReset: 'User not found, try again!',
  /** Not in the spec: a reset link used, expired, or ended by a later reset or password change. */
  resetLinkUsed: 'This reset link has expired or was already used. Please request a new one.',
  resetSentTitle: 'Check your inbox for the link to reset your password.',
  resetSentNote: 'This may take 1-2 minutes.',
} as const;

/** spec 1 §8: sign-in errors (auto-dismiss 2600 ms; 7800 ms for too many requests). */
export const SIGN_IN_MESSAGES = {
  tooManyRequests:
    'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
  wrongPassword: 'Wrong password!',
  /**
   * Not in the spec (issue 35 item 7): failed sign-ins from many addresses locked the account for
   * strangers; the owner's device used before and an e-mailed link still get in.
   */
  lockedForStrangers:
    "Too many failed sign-ins to this account. Sign in on a device you have used before, or choose 'Continue without password' to get a sign-in link by e-mail.",
  userNotFound: 'Incorrect. Please try again.',
  internal: 'Internal server error.',
  invalidEmail: 'Invalid email address.',
  invalidCredentials: 'Invalid login credentials.',
  other: 'Something went wrong. Try again.',
} as const;

/** spec 1 §8: registration errors. */
export const REGISTER_MESSAGES = {
  emailInUse: 'Email has already been taken.',
  weakPassword: 'Password too short.',
  invalidEmail: 'Invalid email address.',
  other: 'Something went wrong. Try again.',
} as const;

/** spec 1 §8: Google sign-in errors. */
export const GOOGLE_MESSAGES = {
  network: 'Network error. Please check your connection',
  cancelled: 'Error: Sign-in process was canceled',
  differentCredential: 'Error: Account already exists with different credentials',
  invalidCredential: 'Error: Invalid credentials',
  disabled: 'Error: That account has been disabled',
  notFound: 'Error: User email not found',
  wrongPassword: 'Error: Incorrect password',
  unknown: 'Unknown Error Signing In with Google',
  flowFailure: 'Error Signing In with Google.',
  banned: 'Account has been banned',
} as const;

/** spec 1 §9 limits. */
export const ACCOUNT_LIMITS = {
  nameMax: 20,
  bioMax: 160,
  usernameMax: 50,
  usernameMinExclusive: 4,
  phoneMax: 20,
  passwordMax: 30,
  passwordMin: 6,
  codeMin: 1000,
  codeMax: 9999,
  codeExpiryMs: 2 * 60 * 60 * 1000,
  /** Beyond the spec: a 4-digit code is locked after 5 wrong tries (9,000 guesses would break it). */
  codeMaxAttempts: 5,
  birthYearMin: 1970,
  birthYearMax: 2021,
} as const;

const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.emailInvalid)
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }));

export const emailCheckRequestSchema = z.object({ email: emailSchema });
export type EmailCheckRequest = z.infer<typeof emailCheckRequestSchema>;
export interface EmailCheckResponse {
  /** true: continue at /login?email=…; false: at /register?email=… (spec 1 §2). */
  exists: boolean;
}

const loginPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .max(ACCOUNT_LIMITS.passwordMax, SIGN_IN_MESSAGES.invalidCredentials);

export const loginRequestSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * spec 1 §5 Register: trimmed, at least two words; first name at least 2
 * letters, last name at least 2 characters, only letters, apostrophes, spaces.
 */
export function fullNameError(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ');
  if (!name) return ACCOUNT_MESSAGES.fullNameRequired;
  if (/[^\p{L}' ]/u.test(name)) return ACCOUNT_MESSAGES.nameCharactersInvalid;
  const words = name.split(' ');
  const first = words[0] ?? '';
  const last = words.at(-1) ?? '';
  if (words.length < 2 || (first.match(/\p{L}/gu) ?? []).length < 2 || last.length < 2) {
    return ACCOUNT_MESSAGES.nameInvalid;
  }
  return null;
}

const fullNameSchema = z
  .string({ error: ACCOUNT_MESSAGES.fullNameRequired })
  .superRefine((value, context) => {
    const error = fullNameError(value);
    if (error) context.addIssue({ code: 'custom', message: error });
  })
  .transform((value) => value.trim().replace(/\s+/g, ' '));

export const registerRequestSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    // abort: an empty field gets its one spec message, not every rule it also breaks.
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
    .max(ACCOUNT_LIMITS.passwordMax, REGISTER_MESSAGES.weakPassword)
    .min(ACCOUNT_LIMITS.passwordMin, REGISTER_MESSAGES.weakPassword),
  terms: z.literal(true, { error: 'You must accept the terms.' }),
});

export const VERIFICATION_ACTIONS = ['verify user', 'verify school', 'change email'] as const;
export type VerificationAction = (typeof VERIFICATION_ACTIONS)[number];

export const codeSchema = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.codeRequired, abort: true })
  .regex(/^\d{4}$/, ACCOUNT_MESSAGES.codeIncorrect);

export const usernameSchema = z
  .string({ error: ACCOUNT_MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.usernameRequired, abort: true })
  .max(ACCOUNT_LIMITS.usernameMax, ACCOUNT_MESSAGES.usernameCharacters)
  .refine((value) => value.length > ACCOUNT_LIMITS.usernameMinExclusive, ACCOUNT_MESSAGES.usernameTooShort)
  .refine((value) => /^[A-Za-z0-9_-]+$/.test(value), ACCOUNT_MESSAGES.usernameCharacters)
  .transform((value) => value.toLowerCase());

/**
 * spec 1 §5: optional plus, 1-4 digit prefix (optionally in parentheses), then
 * 6-14 digits with separators; an area code after a country code may be in
 * parentheses too ('+1 (405) 555-0100'). The look-ahead counts the digits.
 */
const PHONE_PATTERN = /^\+?(\(\d{1,4}\)|\d{1,4})[\s.-]?(?=(?:\D*\d){6,14}\D*$)(\(\d{1,4}\)[\s.-]?)?(\d[\s.-]?)*\d$/;
export const phoneSchema = z
  .string({ error: ACCOUNT_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneRequired, abort: true })
  .max(ACCOUNT_LIMITS.phoneMax, ACCOUNT_MESSAGES.phoneInvalid)
  .regex(PHONE_PATTERN, ACCOUNT_MESSAGES.phoneInvalid);

/**
 * spec 1 §5 school e-mail: a local part, then one of the campus's domains. The
 * spec says letters/digits, but schools issue 'alex.rivera@ou.edu': dots between
 * words, hyphens, underscores and plus are accepted too (docs/decisions/022).
 */
const SCHOOL_EMAIL = /^([a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*)@([a-z0-9.-]+)$/;
const LOCAL_PART_MAX = 64;

export function schoolEmailError(value: string, domains: readonly string[], current?: string | null): string | null {
  if (domains.length === 0) return ACCOUNT_MESSAGES.somethingWentWrong;
  const email = value.trim().toLowerCase();
  const match = SCHOOL_EMAIL.exec(email);
  const [, local = '', domain = ''] = match ?? [];
  if (!match || local.length > LOCAL_PART_MAX || !domains.includes(domain)) return ACCOUNT_MESSAGES.schoolEmailInvalid;
  if (current && current.toLowerCase() === email) return ACCOUNT_MESSAGES.schoolEmailSame;
  return null;
}

/**
 * spec 1 §5: username at registration is first + last name, lowercased,
 * non-alphanumerics removed; a numeric suffix from 2 when taken.
 */
export function baseUsername(firstName: string, lastName: string): string {
  const base = `${firstName}${lastName}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  return base || 'student';
}

/** spec 1 §3: the last name is stored as its initial plus a period at creation. */
export function lastNameInitial(lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${initial}.` : '';
}

/** Splits a registration full name (already validated) into the stored first and last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/);
  return { firstName: words[0] ?? '', lastName: lastNameInitial(words.at(-1) ?? '') };
}

/**
 * spec 1 §5 display-name parsing from a provider: separators space, dot,
 * comma, hyphen; words with digits dropped; first word first name, last word
 * last name; fallback 'anonymous' / 'user'.
 */
export function parseDisplayName(displayName: string | null | undefined): { firstName: string; lastName: string } {
  const words = (displayName ?? '').split(/[\s.,-]+/).filter((word) => word && !/\d/.test(word));
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  return { firstName: first ?? 'anonymous', lastName: last ?? 'user' };
}
