import * as Y from 'yjs';
import type { ChatSender, PendingUpdate } from './chat-apply.ts';
import {
  type ChatEvent,
  type ChatMetadataState,
  hasUnread,
  type MetadataWrite,
  planChatMetadata,
} from './chat-metadata.ts';
import { encodeUpdateMessage } from './chat-protocol.ts';

/** What one flush stores: the log row's updates, and what they imply for the inbox (chat-room-store.ts). */
export interface ChatBatchRecord extends MetadataWrite {
  updates: Uint8Array[];
}

/**
 * What a batch of applied updates stores (pure): the updates as they were
 * received, the metadata their events imply (last message, notifications,
 * claimed uploads), where each member who moved their read position is now,
 * and each member's unread flag when the newest message or a read moved.
 * Updates `state` (newest message, count) as it goes; the stored flags follow
 * once the record is stored.
 */
export function planChatBatch(state: ChatMetadataState, reads: Y.Map<string>, batch: PendingUpdate[]): ChatBatchRecord {
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
  return { updates, plan, reads: readsNow, unread };
}

/**
 * What a stored batch relays to `receiver`: the others' updates as one
 * update message however many there were (merged), or null when it sent
 * them all itself.
 */
export function relayFrameFor<Sender extends ChatSender>(
  batch: readonly PendingUpdate<Sender>[],
  receiver: Sender,
): Uint8Array | null {
  const updates: Uint8Array[] = [];
  for (const update of batch) if (update.sender !== receiver) updates.push(update.update);
  if (updates.length === 0) return null;
  return encodeUpdateMessage(updates.length === 1 ? (updates[0] as Uint8Array) : Y.mergeUpdates(updates));
}
