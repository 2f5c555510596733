/**
 * The request bodies of /settings/account and the profile editor (spec 1 §2,
 * §5): one zod schema each, read by the server's handler (`readJson`) and
 * typing the web's forms; each answers a MeResponse (account-api.ts).
 * Decision 031.
 */
import { GENDERS } from './account-api.ts';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, phoneSchema, usernameSchema } from './account-rules.ts';
import { z } from './zod.ts';

/** PUT /api/account/username. */
export const usernameRequestSchema = z.object({ username: usernameSchema });

/** PUT /api/account/phone. */
export const phoneRequestSchema = z.object({ phone: phoneSchema });

/** PUT /api/account/gender. */
export const genderRequestSchema = z.object({
  gender: z.enum(GENDERS, { error: ACCOUNT_MESSAGES.genderRequired }),
});

/** PUT /api/account/birth-date. */
export const birthDateRequestSchema = z.object({
  month: z.number({ error: ACCOUNT_MESSAGES.birthDateIncomplete }).int().min(1).max(12),
  day: z.number({ error: ACCOUNT_MESSAGES.birthDateIncomplete }).int().min(1).max(31),
  year: z
    .number({ error: ACCOUNT_MESSAGES.birthDateIncomplete })
    .int()
    .min(ACCOUNT_LIMITS.birthYearMin, ACCOUNT_MESSAGES.birthDateIncomplete)
    .max(ACCOUNT_LIMITS.birthYearMax, ACCOUNT_MESSAGES.birthDateIncomplete),
});

/** PUT /api/account/password. */
export const passwordChangeRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(ACCOUNT_LIMITS.passwordMax),
    newPassword: z
      .string({ error: ACCOUNT_MESSAGES.newPasswordRequired })
      .min(1, { error: ACCOUNT_MESSAGES.newPasswordRequired, abort: true })
      .min(ACCOUNT_LIMITS.passwordMin, ACCOUNT_MESSAGES.passwordTooShortSettings)
      .max(ACCOUNT_LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordTooShortSettings),
    confirmPassword: z
      .string({ error: ACCOUNT_MESSAGES.confirmPasswordRequired })
      .min(1, { error: ACCOUNT_MESSAGES.confirmPasswordRequired, abort: true }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** PUT /api/account/email-notifications: spec 1 §3 `email_notifications` (decision 033). */
export const emailNotificationsRequestSchema = z.object({
  emailNotifications: z.boolean({ error: ACCOUNT_MESSAGES.somethingWentWrong }),
});

/** The body of each PUT /api/account/<field>, by the field's path segment. */
export interface AccountFieldRequests {
  username: z.infer<typeof usernameRequestSchema>;
  phone: z.infer<typeof phoneRequestSchema>;
  gender: z.infer<typeof genderRequestSchema>;
  'birth-date': z.infer<typeof birthDateRequestSchema>;
  password: z.infer<typeof passwordChangeRequestSchema>;
  'email-notifications': z.infer<typeof emailNotificationsRequestSchema>;
}

const NAME_TOO_LONG = `Names must be ${ACCOUNT_LIMITS.nameMax} characters or less.`;
const nameField = z.string().trim().min(1, ACCOUNT_MESSAGES.nameInvalid).max(ACCOUNT_LIMITS.nameMax, NAME_TOO_LONG);

/** PUT /api/account/profile (/profile/edit and the set-up wizard): only what is sent changes. */
export const profileRequestSchema = z.object({
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  bio: z.string().trim().max(ACCOUNT_LIMITS.bioMax, ACCOUNT_MESSAGES.bioTooLong).optional(),
});
export type ProfileRequest = z.infer<typeof profileRequestSchema>;
