import { chatSocketUrl, createChatSync } from './chat-sync.ts';
import type { PendingChatOutcome } from './send-pending-chats.ts';
import { waitForSnapshot } from './wait-for-snapshot.ts';

/** Long enough for a long chat's first exchange (decision 019); the drain loop backs off after. */
const SYNC_TIMEOUT_MS = 20_000;

/**
 * Sends one chat's messages written on the device while it is not on screen:
 * the conversation's own engine (chat-sync.ts) reads the device's copy,
 * syncs it with the server, and clears each pending mark when a probe sent
 * after it is answered, exactly as on the conversation screen. The engine
 * closes as soon as nothing is pending, or on a refusal (4400–4499), or
 * after the timeout. A session the server ended (4401) is not retried here:
 * the app's sync connection asks who is signed in, and its reconnect
 * triggers the next pass.
 */
export async function syncPendingChat(
  viewerId: string,
  chatId: string,
  { serverUrl = chatSocketUrl(), timeoutMs = SYNC_TIMEOUT_MS } = {},
): Promise<PendingChatOutcome> {
  let endSession = () => {};
  const sessionEnded = new Promise<PendingChatOutcome>((resolve) => {
    endSession = () => resolve('sessionEnded');
  });
  // An engine of its own needs no onServerChange: the inbox hears of the sent message from the
  // server's change notices (/api/sync), as for a chat photo's delivery.
  const sync = createChatSync({
    chatId,
    viewerId,
    serverUrl,
    onSessionEnded: async () => {
      endSession();
      return false;
    },
  });
  try {
    const settled = waitForSnapshot(
      sync,
      (snapshot) => snapshot.isRefused || (snapshot.isLoaded && snapshot.pendingIds.size === 0),
      timeoutMs,
    ).then((isSettled): PendingChatOutcome => {
      if (!isSettled) return 'failed';
      return sync.getSnapshot().isRefused ? 'refused' : 'sent';
    });
    return await Promise.race([settled, sessionEnded]);
  } finally {
    sync.destroy();
  }
}
