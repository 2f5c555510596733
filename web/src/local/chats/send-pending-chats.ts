import type { DrainLoopResult } from './drain-loop.ts';

/**
 * How one chat's sync ended: the server acknowledged every pending message
 * ('sent'), closed the chat for good ('refused': not a member, chat deleted,
 * a block), ended the session ('sessionEnded', 4401), or did not answer in
 * time ('failed': no network after all, a busy or restarting server).
 */
export type PendingChatOutcome = 'sent' | 'refused' | 'sessionEnded' | 'failed';

export interface SendPendingChatsOptions {
  /** The chats holding the viewer's unacknowledged messages (read afresh each pass). */
  pendingChatIds(): string[];
  /** The conversation is on screen in this tab: its own engine sends them. */
  isChatOpen(chatId: string): boolean;
  isOnline(): boolean;
  /** Syncs the chat's device copy with the server until its pending messages are acknowledged. */
  syncChat(chatId: string): Promise<PendingChatOutcome>;
  /** Chats the server refused, kept by the caller for its lifetime: not asked again, so no loop. */
  refused: Set<string>;
}

/**
 * One pass of the app-wide sender (use-chat-sender.ts): each chat with
 * pending messages, not open and not refused before, is synced in turn (one
 * socket at a time). A chat that failed makes the pass answer 'later' (a
 * backoff) once the others were tried; no network, or a session the server
 * ended, stops the pass until the next trigger.
 */
export async function sendPendingChats({
  pendingChatIds,
  isChatOpen,
  isOnline,
  syncChat,
  refused,
}: SendPendingChatsOptions): Promise<DrainLoopResult> {
  let hasFailed = false;
  for (const chatId of pendingChatIds()) {
    if (refused.has(chatId) || isChatOpen(chatId)) continue;
    if (!isOnline()) return 'offline';
    const outcome = await syncChat(chatId);
    if (outcome === 'sessionEnded') return 'offline';
    if (outcome === 'refused') refused.add(chatId);
    if (outcome === 'failed') hasFailed = true;
  }
  return hasFailed ? 'later' : 'drained';
}
