import type { ChatMessage } from '@campus/shared/chat-doc';
import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { ChatConnection } from './chat-connection.ts';
import { type ChatMessageLimiter, MAX_MESSAGES_PER_UPDATE } from './chat-message-rate.ts';
import type { ChatEvent } from './chat-metadata.ts';
import { messageReferenceProblem, needsReferenceCheck } from './chat-references.ts';
import type { RoomChat } from './chat-room.ts';
import { isEitherMemberBlocked } from './chat-statements.ts';
import { type ChatChange, chatRootsOf, inspectChatUpdate } from './chat-update-rules.ts';

/** An update applied to the room's doc, waiting for the flush that stores and relays it. */
export interface PendingUpdate {
  connection: ChatConnection;
  /**
   * The bytes received, stored and relayed as they are: every struct in them
   * was checked, and any the server already had is harmless to repeat. (Yjs
   * re-encoding what changed cost a message ~30 µs and its garbage.)
   */
  update: Uint8Array;
  events: ChatEvent[];
  readMoverId: string | null;
}

export type ApplyOutcome =
  | { type: 'applied'; pending: PendingUpdate }
  | { type: 'known' }
  | { type: 'missing' }
  | { type: 'refused'; reason: string }
  /** The sender is past its message rate (chat-message-rate.ts): nothing applied, it may come back later. */
  | { type: 'slowDown' }
  /** Passed the checks, yet Yjs threw while applying it: the doc may be half changed. */
  | { type: 'unapplicable'; error: unknown };

/** A block made while a chat is open stops its messages within this long. */
const BLOCK_RECHECK_MS = 1000;

/** When a block between the chat's members was last ruled out (ms); one per room, shared by its sockets. */
export interface BlockCheck {
  checkedAt: number;
}

interface ApplyContext {
  db: Db;
  doc: Y.Doc;
  chat: RoomChat;
  connection: ChatConnection;
  blockCheck: BlockCheck;
  limiter: ChatMessageLimiter;
}

/**
 * A block made since the socket opened stops its messages: checked at most
 * once a second per room (not per socket, so both members' sockets share one
 * query), synchronously.
 */
function blockProblem({ db, chat, blockCheck }: ApplyContext, change: ChatChange): string | null {
  if (change.messages.length === 0 || Date.now() - blockCheck.checkedAt <= BLOCK_RECHECK_MS) return null;
  if (isEitherMemberBlocked(db, chat.memberIds[0], chat.memberIds[1])) return 'members blocked';
  blockCheck.checkedAt = Date.now();
  return null;
}

/** The checks that need a query: shared posts and attachments (most messages name neither). */
async function referenceProblem({ db, chat }: ApplyContext, change: ChatChange): Promise<string | null> {
  for (const message of change.messages) {
    if (!needsReferenceCheck(message)) continue;
    const problem = await messageReferenceProblem(db, chat, message);
    if (problem) return problem;
  }
  return null;
}

/** Whether the doc's last transaction changed anything: one listener per doc, set up on first use. */
const changeWatches = new WeakMap<Y.Doc, { isChanged: boolean }>();

function changeWatchOf(doc: Y.Doc): { isChanged: boolean } {
  let watch = changeWatches.get(doc);
  if (!watch) {
    const created = { isChanged: false };
    // Yjs's own test for an update worth emitting (writeUpdateMessageFromTransaction), without encoding one.
    doc.on('afterTransaction', (transaction: Y.Transaction) => {
      if (transaction.deleteSet.clients.size > 0) {
        created.isChanged = true;
        return;
      }
      for (const [client, clock] of transaction.afterState) {
        if (transaction.beforeState.get(client) !== clock) {
          created.isChanged = true;
          return;
        }
      }
    });
    changeWatches.set(doc, created);
    watch = created;
  }
  return watch;
}

/**
 * Checks one incoming update (chat-update-rules.ts, then SQL) and applies it
 * to the room's doc. Answers what it did to the doc, for the metadata: new
 * messages, likes that really changed, whether the sender's read moved.
 * Synchronous unless a message names a post or an upload (their checks are
 * queries): the common message costs no promise.
 */
export function applyChatUpdate(context: ApplyContext, update: Uint8Array): ApplyOutcome | Promise<ApplyOutcome> {
  const verdict = inspectChatUpdate(context.doc, update, context.connection.userId);
  if (verdict.outcome !== 'accepted')
    return verdict.outcome === 'missing' ? { type: 'missing' } : { type: 'refused', reason: verdict.reason };
  const { change } = verdict;
  if (change.messages.length > MAX_MESSAGES_PER_UPDATE)
    return { type: 'refused', reason: 'too many messages in one update' };
  // A like notifies the author: it counts as a message. A read position is free (it follows the other's messages).
  if (!context.limiter.take(context.connection.userId, change.messages.length + change.likeKeys.length)) {
    return { type: 'slowDown' };
  }
  const blocked = blockProblem(context, change);
  if (blocked) return { type: 'refused', reason: blocked };
  if (!change.messages.some(needsReferenceCheck)) return applyChecked(context, update, change);
  return referenceProblem(context, change).then((problem) =>
    problem ? { type: 'refused', reason: problem } : applyChecked(context, update, change),
  );
}

function applyChecked({ doc, connection }: ApplyContext, update: Uint8Array, change: ChatChange): ApplyOutcome {
  const { messages, likes, reads } = chatRootsOf(doc);
  const likeKeys = change.likeKeys.length === 0 ? change.likeKeys : [...new Set(change.likeKeys)];
  const wasLiked = likeKeys.map((key) => likes.has(key));
  const readBefore = reads.get(connection.userId);
  const changed = changeWatchOf(doc);
  changed.isChanged = false;
  try {
    Y.applyUpdate(doc, update, connection);
  } catch (error) {
    return { type: 'unapplicable', error };
  }
  if (!changed.isChanged) return { type: 'known' };

  // The doc's own copy of each message, not the inspection's: what the room keeps (the newest message,
  // an inbox preview) then shares the strings the doc holds for good, and the inspection's decoded copy
  // dies young instead of being promoted and left for a mark-compact (decision 016).
  const events: ChatEvent[] = change.messages.map((checked) => ({
    type: 'message',
    message: messages.get(checked.id) ?? checked,
  }));
  likeKeys.forEach((key, index) => {
    const isLiked = likes.has(key);
    const message = messages.get(key.slice(0, -(connection.userId.length + 1))) as ChatMessage;
    if (isLiked !== wasLiked[index]) {
      events.push({ type: 'like', message, likerId: connection.userId, likerFirstName: connection.firstName, isLiked });
    }
  });
  const readMoverId = reads.get(connection.userId) !== readBefore ? connection.userId : null;
  return { type: 'applied', pending: { connection, update, events, readMoverId } };
}
