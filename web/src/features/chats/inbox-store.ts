import type { ChatSummaryDto } from '@campus/shared/chat-api';
import type { LocalDb } from '../../local/local-db.ts';

/**
 * The inbox's first page as last read, in Dexie's `inbox` table (issue 5's
 * schema), so /messages opens offline. Rows are the server's ChatSummaryDto.
 */
export async function readStoredInbox(db: LocalDb): Promise<ChatSummaryDto[]> {
  const rows = await db.inbox.orderBy('lastModified').reverse().toArray();
  return rows.map((row) => row.value as ChatSummaryDto);
}

export async function storeInboxPage(db: LocalDb, chats: ChatSummaryDto[]): Promise<void> {
  await db.transaction('rw', db.inbox, async () => {
    await db.inbox.clear();
    await db.inbox.bulkPut(chats.map((chat) => ({ id: chat.id, lastModified: chat.lastModified, value: chat })));
  });
}

export async function storeChatSummary(db: LocalDb, chat: ChatSummaryDto): Promise<void> {
  await db.inbox.put({ id: chat.id, lastModified: chat.lastModified, value: chat });
}

export async function readStoredChat(db: LocalDb, chatId: string): Promise<ChatSummaryDto | null> {
  const row = await db.inbox.get(chatId);
  return row ? (row.value as ChatSummaryDto) : null;
}

export async function forgetStoredChat(db: LocalDb, chatId: string): Promise<void> {
  await db.inbox.delete(chatId);
}
