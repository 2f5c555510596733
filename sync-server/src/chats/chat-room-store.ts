import type { ChatMessage } from '@campus/shared/chat-doc';
import type * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { ChatBatchRecord } from './chat-batch.ts';
import type { InboxQueue } from './chat-inbox-queue.ts';
import { type ChatMetadataState, inboxEntry } from './chat-metadata.ts';
import { messageReferenceProblem } from './chat-references.ts';
import { isEitherMemberBlocked } from './chat-statements.ts';
import { compactChatLog, loadChatLog } from './chat-update-log.ts';
import type { ChatWriter } from './chat-writer.ts';
import type { RoomChat } from './chats.repository.ts';

export interface ChatRoomStoreDependencies {
  db: Db;
  /** Shared by every room: one commit for what all rooms store in one turn. */
  writer: ChatWriter;
  /** Shared by every room: inbox columns and notifications are written a moment after the log. */
  inbox: InboxQueue;
}

/**
 * One room's load and store (issue 6, decisions 014 and 016): everything its
 * chat reads from SQLite or writes there. The log is read through
 * chat-update-log.ts and written through the chat writer, whose group commit
 * takes every room's batch of one turn in one transaction; what a batch
 * implies for the inbox joins the inbox queue once it is committed
 * (chat-inbox-queue.ts). The apply step's two queries are answered here too.
 */
export function createChatRoomStore({ db, writer, inbox }: ChatRoomStoreDependencies, chat: RoomChat) {
  return {
    /** Applies the chat's whole log to `doc`; answers how many updates it held. */
    async load(doc: Y.Doc): Promise<number> {
      return (await loadChatLog(db, chat.id, doc)).updates;
    },

    /**
     * Stores a batch's record as one log row in the chat writer's next
     * transaction, with the uploads its messages claim. Once that is
     * committed, its inbox entry joins the queue, and the unread flags it
     * writes are the stored ones in `state`.
     */
    async store(state: ChatMetadataState, record: ChatBatchRecord): Promise<void> {
      const now = new Date().toISOString();
      const seq = await writer.write({
        kind: 'messages',
        chatId: state.chatId,
        now,
        updates: record.updates,
        claims: record.plan.claims,
      });
      inbox.add(inboxEntry(state, record, seq, now));
      // The queue writes these flags: they are the stored ones from now on.
      for (const [userId, isUnread] of record.unread ?? []) state.storedUnread.set(userId, isUnread);
    },

    /** Replaces the log with one snapshot of `doc` (chat-update-log.ts); the inbox columns follow the snapshot. */
    async compact(doc: Y.Doc): Promise<void> {
      const seq = await compactChatLog(writer, chat.id, doc);
      // Nothing else changed: the chat's inbox columns now follow the snapshot.
      inbox.add({
        chatId: chat.id,
        seq,
        now: new Date().toISOString(),
        lastMessage: null,
        reads: [],
        unread: [],
        notifications: [],
      });
    },

    /** Whether either member has blocked the other (chat-statements.ts: a prepared statement, synchronous). */
    isBlocked: (): boolean => isEitherMemberBlocked(db, chat.memberIds[0], chat.memberIds[1]),

    /** What is wrong with a message's shared post or attachment, if anything (chat-references.ts). */
    referenceProblem: (message: ChatMessage): Promise<string | null> => messageReferenceProblem(db, chat, message),
  };
}
