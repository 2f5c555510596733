/**
 * POST /api/users/:id/report (spec 2 §2 Profile 'Report'): the one request
 * schema, read by the handler and typing the report form's body (decision 031).
 * It answers a MessageDto (post-api.ts).
 */
import { POST_LIMITS, POST_MESSAGES } from './post-rules.ts';
import { z } from './zod.ts';

export const reportUserRequestSchema = z.object({
  reason: z
    .string({ error: POST_MESSAGES.reportReasonRequired })
    .trim()
    .min(1, POST_MESSAGES.reportReasonRequired)
    .max(POST_LIMITS.reportReasonMax, POST_MESSAGES.reportReasonTooLong),
});
export type ReportUserRequest = z.infer<typeof reportUserRequestSchema>;
