import type * as Y from 'yjs';
import type { PendingUpdate } from './chat-apply.ts';
import {
  type ChatMetadataState,
  hasUnread,
  messagesWritePart,
  notificationInserts,
  planChatMetadata,
} from './chat-metadata.ts';
import type { NotificationQueue } from './chat-notification-queue.ts';
import type { ChatWriter } from './chat-writer.ts';

/**
 * Stores a batch of accepted updates and what they imply for the inbox in
 * the chat writer's next transaction (chat-writer.ts): the log rows,
 * last_message, read positions and unread flags. Once those are committed,
 * the batch's notifications are queued (chat-notification-queue.ts).
 * Answers whether an inbox changed (the change hub is then poked). Updates
 * `state` (newest message, count) as it goes.
 */
export async function storeChatBatch(
  { writer, notifications }: { writer: ChatWriter; notifications: NotificationQueue },
  state: ChatMetadataState,
  reads: Y.Map<string>,
  batch: PendingUpdate[],
): Promise<boolean> {
  const plan = planChatMetadata(
    state,
    batch.flatMap((update) => update.events),
  );
  const movers = new Set(batch.flatMap((update) => (update.readMoverId ? [update.readMoverId] : [])));
  const readsNow = new Map([...movers].map((userId) => [userId, reads.get(userId) ?? null]));
  const unread =
    plan.isNewestChanged || movers.size > 0
      ? new Map(state.memberIds.map((userId) => [userId, hasUnread(state, userId, reads.get(userId))]))
      : null;
  const now = new Date().toISOString();
  const part = messagesWritePart(
    state,
    { plan, reads: readsNow, unread },
    batch.map((update) => update.update),
    now,
  );
  const flips = await writer.write(part);
  // Committed: these are the stored flags now.
  for (const [userId, isUnread] of unread ?? []) state.storedUnread.set(userId, isUnread);
  notifications.add(notificationInserts(state, plan, now));
  return part.lastMessage !== null || part.reads.length > 0 || flips > 0;
}
