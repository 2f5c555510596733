/**
 * The request bodies of the code checks (spec 1 §4, §5): sending a code and
 * checking it, for 'verify user', 'verify school' and 'change email'. One zod
 * schema each, read by the server's handler and typing the web's forms; the
 * answers are VerificationSendResponse and VerificationCheckResponse
 * (account-api.ts). Decision 031.
 */
import { codeSchema, VERIFICATION_ACTIONS } from './account-rules.ts';
import { z } from './zod.ts';

/**
 * POST /api/verification/send. `email` is the new sign-in e-mail ('change
 * email') or the school e-mail ('verify school'), each checked by the handler
 * against its own rules; `campusId` is the campus joined from the generic site.
 */
export const verificationSendRequestSchema = z.object({
  action: z.enum(VERIFICATION_ACTIONS),
  email: z.string().max(254).optional(),
  campusId: z.string().max(40).optional(),
});
export type VerificationSendRequest = z.infer<typeof verificationSendRequestSchema>;

/** POST /api/verification/check. */
export const verificationCheckRequestSchema = z.object({ action: z.enum(VERIFICATION_ACTIONS), code: codeSchema });
export type VerificationCheckRequest = z.infer<typeof verificationCheckRequestSchema>;
