import type * as Y from 'yjs';
import type { PendingUpdate } from './chat-apply.ts';
import type { InboxQueue } from './chat-inbox-queue.ts';
import { type ChatEvent, type ChatMetadataState, hasUnread, inboxEntry, planChatMetadata } from './chat-metadata.ts';
import type { ChatWriter } from './chat-writer.ts';

/**
 * Stores a batch of accepted updates as one log row in the chat writer's
 * next transaction (chat-writer.ts), with the uploads its messages claim.
 * Once that is committed, what the batch implies for the inbox (last
 * message, read positions, unread flags) and its notifications join the
 * inbox queue (chat-inbox-queue.ts), which writes them a moment later.
 * Updates `state` (newest message, count, the flags as they will be stored)
 * as it goes.
 */
export async function storeChatBatch(
  { writer, inbox }: { writer: ChatWriter; inbox: InboxQueue },
  state: ChatMetadataState,
  reads: Y.Map<string>,
  batch: PendingUpdate[],
): Promise<void> {
  // One update (the common case) brings its events as they are; reads are gathered only when one moved.
  const events: ChatEvent[] = batch.length === 1 ? (batch[0] as PendingUpdate).events : [];
  const updates: Uint8Array[] = [];
  const readsNow: [userId: string, readMessageId: string | null][] = [];
  for (const update of batch) {
    if (batch.length > 1) for (const event of update.events) events.push(event);
    updates.push(update.update);
    // Where a mover's read is now, once however often it moved in the batch.
    const mover = update.readMoverId;
    if (mover && !readsNow.some(([userId]) => userId === mover)) readsNow.push([mover, reads.get(mover) ?? null]);
  }
  const plan = planChatMetadata(state, events);
  let unread: [userId: string, isUnread: boolean][] | null = null;
  if (plan.isNewestChanged || readsNow.length > 0) {
    unread = state.memberIds.map((userId) => [userId, hasUnread(state.newest, userId, reads.get(userId))]);
  }
  const now = new Date().toISOString();
  const seq = await writer.write({
    kind: 'messages',
    chatId: state.chatId,
    now,
    updates,
    claims: plan.claims,
  });
  inbox.add(inboxEntry(state, { plan, reads: readsNow, unread }, seq, now));
  // The queue writes these flags: they are the stored ones from now on.
  for (const [userId, isUnread] of unread ?? []) state.storedUnread.set(userId, isUnread);
}
