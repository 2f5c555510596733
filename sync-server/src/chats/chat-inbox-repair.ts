import { messagesOf, readsOf } from '@campus/shared/chat-doc';
import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import type { Logger } from '../http/logger.ts';
import { hasUnread, newestOf } from './chat-metadata.ts';
import { messagePreview } from './chat-preview.ts';
import { loadChatLog } from './chat-update-log.ts';

/** Chats with a log row past their `inbox_seq`: their inbox columns lag their log. */
export function chatsWithInboxBehind(db: Db) {
  return db
    .selectFrom('chats')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('chat_updates')
          .select('chat_updates.seq')
          .whereRef('chat_updates.chat_id', '=', 'chats.id')
          .whereRef('chat_updates.seq', '>', 'chats.inbox_seq'),
      ),
    );
}

/**
 * Start-up, before any chat socket opens (decision 016): a chat
 * whose log has a row past its `inbox_seq` lost, in a crash, the inbox
 * columns the inbox queue had gathered (chat-inbox-queue.ts). They are
 * worked out again from the doc: the newest message as the last message,
 * each member's read position and unread flag. A '{First name} liked a
 * message' last message comes back as the newest message; the lost
 * notifications do not come back. Answers how many chats were mended.
 */
export async function repairChatInboxes(db: Db, logger: Logger): Promise<number> {
  const stale = await chatsWithInboxBehind(db).select('id').execute();
  for (const { id } of stale) await repairChat(db, id);
  if (stale.length > 0) logger.info('chat inbox columns mended after a crash', { chats: stale.length });
  return stale.length;
}

async function repairChat(db: Db, chatId: string): Promise<void> {
  const doc = new Y.Doc();
  try {
    const messages = messagesOf(doc);
    const reads = readsOf(doc);
    await loadChatLog(db, chatId, doc);
    const newest = newestOf(messages.values());
    await db.transaction().execute(async (trx) => {
      const log = await trx
        .selectFrom('chat_updates')
        .select((eb) => [eb.fn.max('seq').as('seq'), eb.fn.max('created_at').as('storedAt')])
        .where('chat_id', '=', chatId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('chats')
        .set({
          last_message: newest ? messagePreview(newest) : null,
          last_message_id: newest?.id ?? null,
          last_message_author_id: newest?.authorId ?? null,
          ...(log.storedAt ? { last_modified: log.storedAt } : {}),
          inbox_seq: Number(log.seq ?? 0),
        })
        .where('id', '=', chatId)
        .execute();
      const members = await trx.selectFrom('chat_members').select('user_id').where('chat_id', '=', chatId).execute();
      for (const { user_id: userId } of members) {
        const readMessageId = reads.get(userId);
        await trx
          .updateTable('chat_members')
          .set({ read_message_id: readMessageId ?? null, has_unread: hasUnread(newest, userId, readMessageId) ? 1 : 0 })
          .where('chat_id', '=', chatId)
          .where('user_id', '=', userId)
          .execute();
      }
    });
  } finally {
    doc.destroy();
  }
}
