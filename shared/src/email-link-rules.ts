/**
 * E-mail sign-in links (spec 1 §2, §7; docs/decisions/026): the names a link
 * carries to register a new student, claiming an unverified account, and
 * password resets. Their request schemas are read by the server's handlers and
 * type the web's forms (decision 031).
 */
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, emailSchema, fullNameError } from './account-rules.ts';
import { z } from './zod.ts';

/** Not in the spec (decision 026). */
export const CLAIM_MESSAGES = {
  alreadyVerified: 'This account is already verified.',
  notFound: "This account doesn't exist.",
} as const;

export interface LinkNameErrors {
  first?: string;
  last?: string;
}

/** Generous for a name (spec 1 §9 stores at most 20 per part); a URL never carries more. */
export const LINK_NAME_MAX = ACCOUNT_LIMITS.nameMax * 2;
const NAME_CHARACTERS = /[^\p{L}' ]/u;
/** A name as the link carries it: trimmed, single spaces. */
export const normaliseLinkName = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * spec 1 §5 Register's name rules, asked as two fields: each is required
 * ('Full name is required'), letters, apostrophes and spaces only ('Your Name
 * is Invalid.'), the first name's first word has 2+ letters and the last
 * name's last word 2+ characters ('Name is Invalid'). Names that pass make a
 * full name `fullNameError` accepts: exactly what the sign-up form takes.
 */
export function linkNameErrors(first: string, last: string): LinkNameErrors {
  const errors: LinkNameErrors = {};
  const firstName = normaliseLinkName(first);
  const lastName = normaliseLinkName(last);
  if (!firstName) errors.first = ACCOUNT_MESSAGES.fullNameRequired;
  else if (NAME_CHARACTERS.test(firstName) || firstName.length > LINK_NAME_MAX)
    errors.first = ACCOUNT_MESSAGES.nameCharactersInvalid;
  else if ((firstName.split(' ')[0]?.match(/\p{L}/gu) ?? []).length < 2) errors.first = ACCOUNT_MESSAGES.nameInvalid;
  if (!lastName) errors.last = ACCOUNT_MESSAGES.fullNameRequired;
  else if (NAME_CHARACTERS.test(lastName) || lastName.length > LINK_NAME_MAX)
    errors.last = ACCOUNT_MESSAGES.nameCharactersInvalid;
  else if ((lastName.split(' ').at(-1) ?? '').length < 2) errors.last = ACCOUNT_MESSAGES.nameInvalid;
  return errors;
}

/** The full name a valid first and last name make, for the sign-up rules (`fullNameError`, `splitFullName`). */
export function linkFullName(first: string, last: string): string | null {
  const errors = linkNameErrors(first, last);
  if (errors.first || errors.last) return null;
  const fullName = `${normaliseLinkName(first)} ${normaliseLinkName(last)}`;
  return fullNameError(fullName) ? null : fullName;
}

const linkNameField = z
  .string()
  .max(LINK_NAME_MAX * 2)
  .optional();

/**
 * POST /api/auth/sign-in-link. Names come together or not at all; when given
 * they must pass the sign-up rules. A new e-mail without names is refused by
 * the endpoint (the link would only say 'Failed: Wrong Email.').
 */
export const signInLinkRequestSchema = z
  .object({ email: emailSchema, first: linkNameField, last: linkNameField })
  .superRefine(({ first, last }, context) => {
    if (first === undefined && last === undefined) return;
    const errors = linkNameErrors(first ?? '', last ?? '');
    for (const field of ['first', 'last'] as const) {
      const message = errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type SignInLinkRequest = z.infer<typeof signInLinkRequestSchema>;

/** POST /api/auth/sign-in-link/complete: the names are the URL's, checked again by the endpoint. */
export const signInLinkCompleteSchema = z.object({
  email: emailSchema,
  token: z.string().min(1).max(100),
  first: linkNameField,
  last: linkNameField,
});
export type SignInLinkCompleteRequest = z.infer<typeof signInLinkCompleteSchema>;

/** POST /api/auth/claim-link: the profile's username; the address stays on the server. */
export const claimLinkRequestSchema = z.object({
  username: z.string().trim().min(1, CLAIM_MESSAGES.notFound).max(ACCOUNT_LIMITS.usernameMax, CLAIM_MESSAGES.notFound),
});
export type ClaimLinkRequest = z.infer<typeof claimLinkRequestSchema>;

/** POST /api/auth/sign-in-link, /api/auth/claim-link and /api/auth/password-reset answer this once the mail is sent. */
export interface LinkSentResponse {
  sent: true;
}

/** POST /api/auth/password-reset: mails a reset link to an existing account. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/complete: the mailed token and the new password. */
export const passwordResetCompleteSchema = z.object({
  token: z.string().min(1).max(100),
  password: z
    .string({ error: ACCOUNT_MESSAGES.newPasswordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.newPasswordRequired, abort: true })
    .min(ACCOUNT_LIMITS.passwordMin, ACCOUNT_MESSAGES.passwordTooShortSettings)
    .max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooShortSettings),
});
export type PasswordResetCompleteRequest = z.infer<typeof passwordResetCompleteSchema>;

/** The answer of a completed reset: the account's address, for the sign-in form that follows. */
export interface PasswordResetCompleteResponse {
  email: string;
}
