/**
 * POST /api/notifications/read (spec 2 §4 "become read once displayed"): the
 * one request schema, read by the handler and typing the web's call
 * (decision 031). It answers an UnreadCountsDto (notifications-api.ts), as the
 * schema below says.
 */
import { NOTIFICATIONS_READ_MAX } from './notifications-api.ts';
import { z } from './zod.ts';

const INVALID_IDS = 'The notification ids are not valid.';

export const markNotificationsReadRequestSchema = z.object({
  ids: z
    .array(z.string({ error: INVALID_IDS }).min(1, INVALID_IDS).max(100, INVALID_IDS), { error: INVALID_IDS })
    .min(1, INVALID_IDS)
    .max(NOTIFICATIONS_READ_MAX, INVALID_IDS),
});
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;

export const unreadCountsSchema = z.object({
  notifications: z.number().int().nonnegative(),
  chats: z.number().int().nonnegative(),
});
