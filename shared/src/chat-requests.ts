/**
 * POST /api/chats (spec 2 §4): reuse the chat with this user in either
 * direction, or start one. The one request schema, read by the handler and
 * typing the web's 'Message' buttons (decision 031); it answers a
 * StartChatResponse (chat-api.ts, which stays free of zod for /home).
 */
import { CHAT_MESSAGES } from './chat-api.ts';
import { z } from './zod.ts';

export const startChatRequestSchema = z.object({
  userId: z.string({ error: CHAT_MESSAGES.selectUser }).min(1, CHAT_MESSAGES.selectUser).max(100),
});
export type StartChatRequest = z.infer<typeof startChatRequestSchema>;
