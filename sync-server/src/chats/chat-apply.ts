import type { ChatMessage } from '@campus/shared/chat-doc';
import * as Y from 'yjs';
import { type ChatMessageLimiter, MAX_MESSAGES_PER_UPDATE } from './chat-message-rate.ts';
import { needsReferenceCheck } from './chat-message-shape.ts';
import type { ChatEvent } from './chat-metadata.ts';
import { type ChatChange, chatRootsOf, inspectChatUpdate } from './chat-update-rules.ts';

/**
 * The room's apply step (issue 6, decision 014 "The check"), free of SQL and
 * sockets: an incoming update is checked against the doc (chat-update-rules.ts),
 * the sender's message rate and the room's queries, applied, and answered as
 * what the batch will store and relay. The queries (a block, a message's shared
 * post or attachment) are the room store's (chat-room-store.ts), handed in.
 */

/** Who sent an update (the room's socket connection): the doc's origin, and the one the relay skips. */
export interface ChatSender {
  readonly userId: string;
  /** For '{First name} liked a message'. */
  readonly firstName: string;
}

/** An update applied to the room's doc, waiting for the flush that stores and relays it. */
export interface PendingUpdate<Sender extends ChatSender = ChatSender> {
  sender: Sender;
  /**
   * The bytes received, stored and relayed as they are: every struct in them
   * was checked, and any the server already had is harmless to repeat. (Yjs
   * re-encoding what changed cost a message ~30 µs and its garbage.)
   */
  update: Uint8Array;
  events: ChatEvent[];
  readMoverId: string | null;
}

export type ApplyOutcome<Sender extends ChatSender = ChatSender> =
  | { type: 'applied'; pending: PendingUpdate<Sender> }
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
interface BlockCheck {
  checkedAt: number;
}

/** What the room hands the apply step once: its doc, its block check, the rate and the queries. */
export interface ChatApplyContext {
  doc: Y.Doc;
  /** When the chat was started: no message may be dated long before (chat-message-shape.ts). */
  chatStartedAt: number | null;
  blockCheck: BlockCheck;
  limiter: Pick<ChatMessageLimiter, 'take'>;
  /** Whether either member has blocked the other (a query; asked at most once a second). */
  isBlocked(): boolean;
  /** What is wrong with a message's shared post or attachment, if anything (queries). */
  referenceProblem(message: ChatMessage): Promise<string | null>;
}

/**
 * A block made since the socket opened stops its messages: checked at most
 * once a second per room (not per socket, so both members' sockets share one
 * query), synchronously.
 */
function blockProblem({ blockCheck, isBlocked }: ChatApplyContext, change: ChatChange): string | null {
  if (change.messages.length === 0 || Date.now() - blockCheck.checkedAt <= BLOCK_RECHECK_MS) return null;
  if (isBlocked()) return 'members blocked';
  blockCheck.checkedAt = Date.now();
  return null;
}

/** The checks that need a query: shared posts and attachments (most messages name neither). */
async function referenceProblem(context: ChatApplyContext, change: ChatChange): Promise<string | null> {
  for (const message of change.messages) {
    if (!needsReferenceCheck(message)) continue;
    const problem = await context.referenceProblem(message);
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
 * Checks one incoming update (chat-update-rules.ts, then the queries) and
 * applies it to the room's doc. Answers what it did to the doc, for the
 * metadata: new messages, likes that really changed, whether the sender's
 * read moved. Synchronous unless a message names a post or an upload (their
 * checks are queries): the common message costs no promise.
 */
export function applyChatUpdate<Sender extends ChatSender>(
  context: ChatApplyContext,
  sender: Sender,
  update: Uint8Array,
): ApplyOutcome<Sender> | Promise<ApplyOutcome<Sender>> {
  const verdict = inspectChatUpdate(context.doc, update, sender.userId, context.chatStartedAt);
  if (verdict.outcome !== 'accepted')
    return verdict.outcome === 'missing' ? { type: 'missing' } : { type: 'refused', reason: verdict.reason };
  const { change } = verdict;
  if (change.messages.length > MAX_MESSAGES_PER_UPDATE)
    return { type: 'refused', reason: 'too many messages in one update' };
  // A like notifies the author: it counts as a message. A read position is free (it follows the other's messages).
  if (!context.limiter.take(sender.userId, change.messages.length + change.likeKeys.length)) {
    return { type: 'slowDown' };
  }
  const blocked = blockProblem(context, change);
  if (blocked) return { type: 'refused', reason: blocked };
  if (!change.messages.some(needsReferenceCheck)) return applyChecked(context.doc, sender, update, change);
  return referenceProblem(context, change).then((problem) =>
    problem ? { type: 'refused', reason: problem } : applyChecked(context.doc, sender, update, change),
  );
}

function applyChecked<Sender extends ChatSender>(
  doc: Y.Doc,
  sender: Sender,
  update: Uint8Array,
  change: ChatChange,
): ApplyOutcome<Sender> {
  const { messages, likes, reads } = chatRootsOf(doc);
  const likeKeys = change.likeKeys.length === 0 ? change.likeKeys : [...new Set(change.likeKeys)];
  const wasLiked = likeKeys.map((key) => likes.has(key));
  const readBefore = reads.get(sender.userId);
  const changed = changeWatchOf(doc);
  changed.isChanged = false;
  try {
    Y.applyUpdate(doc, update, sender);
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
    const message = messages.get(key.slice(0, -(sender.userId.length + 1))) as ChatMessage;
    if (isLiked !== wasLiked[index]) {
      events.push({ type: 'like', message, likerId: sender.userId, likerFirstName: sender.firstName, isLiked });
    }
  });
  const readMoverId = reads.get(sender.userId) !== readBefore ? sender.userId : null;
  return { type: 'applied', pending: { sender, update, events, readMoverId } };
}
