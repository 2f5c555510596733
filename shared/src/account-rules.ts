/**
 * Account validation rules with the spec's exact messages (spec 1 §5). One
 * schema serves the form and the endpoint (STYLE.md: epic-stack).
 */
import { z } from 'zod';

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address!',
  emailBanned: 'Account has been banned',
  emailCheckFailed: 'Error checking if email is available',
} as const;

/** spec 1 §9: "e-mail password input max 30" also bounds what we accept as an address field. */
export const EMAIL_MAX_LENGTH = 254;

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
