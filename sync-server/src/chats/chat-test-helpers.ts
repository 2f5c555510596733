import type { ChatSummaryDto, InboxPageDto, StartChatResponse } from '@campus/shared/chat-api';
import { addMessage } from '@campus/shared/chat-doc';
import { uuidv7 } from '@campus/shared/ids';
import * as Y from 'yjs';
import type { Db } from '../db/database.ts';
import { type Actor, bodyOf } from '../test/post-requests.ts';
import type { TestApp } from '../test/test-app.ts';

/** POST /api/chats as `actor` with `userId`, answering the response. */
export function requestChat(app: TestApp, actor: Actor, userId: string) {
  return app.request('/api/chats', { session: actor.session, host: actor.host, json: { userId } });
}

/** Starts (or reuses) the chat between `actor` and `userId`, expecting success. */
export async function startChat(app: TestApp, actor: Actor, userId: string): Promise<StartChatResponse> {
  const response = await requestChat(app, actor, userId);
  return bodyOf<StartChatResponse>(response, response.status === 201 ? 201 : 200);
}

export async function inboxOf(app: TestApp, actor: Actor, cursor?: string): Promise<InboxPageDto> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return bodyOf<InboxPageDto>(
    await app.request(`/api/chats${query}`, { session: actor.session, host: actor.host }),
    200,
  );
}

export async function chatOf(app: TestApp, actor: Actor, chatId: string): Promise<ChatSummaryDto> {
  return bodyOf<ChatSummaryDto>(await app.request(`/api/chats/${chatId}`, { ...actor }), 200);
}

/**
 * What the chat socket writes when `authorId` sends a message (chat-metadata.ts),
 * for REST tests that need a chat with history without a socket.
 */
export async function recordMessage(
  db: Db,
  chatId: string,
  authorId: string,
  text: string,
  at = new Date().toISOString(),
): Promise<string> {
  const id = uuidv7();
  await db
    .updateTable('chats')
    .set({ last_message: text, last_message_id: id, last_message_author_id: authorId, last_modified: at })
    .where('id', '=', chatId)
    .execute();
  await db
    .updateTable('chat_members')
    .set({ has_unread: 1 })
    .where('chat_id', '=', chatId)
    .where('user_id', '!=', authorId)
    .execute();
  return id;
}

/** `userId` read the chat up to `messageId`, as the socket records it. */
export async function recordRead(db: Db, chatId: string, userId: string, messageId: string): Promise<void> {
  await db
    .updateTable('chat_members')
    .set({ read_message_id: messageId, has_unread: 0 })
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Stores a history of `count` messages alternating between `authorIds` in the chat's log, as
 * compaction leaves it (one snapshot row). Answers the message ids, oldest first.
 */
export async function storeHistory(
  db: Db,
  chatId: string,
  authorIds: readonly string[],
  count: number,
  edit?: (doc: Y.Doc, ids: string[]) => void,
): Promise<string[]> {
  const doc = new Y.Doc();
  const start = Date.now() - count * 1000;
  const ids: string[] = [];
  doc.transact(() => {
    for (let index = 0; index < count; index++) {
      const at = start + index * 1000;
      const id = uuidv7(at);
      ids.push(id);
      const authorId = authorIds[index % authorIds.length] as string;
      addMessage(doc, {
        id,
        authorId,
        text: `message ${index}`,
        createdAt: new Date(at).toISOString(),
        postId: null,
        attachment: null,
      });
    }
  });
  edit?.(doc, ids);
  await db
    .insertInto('chat_updates')
    .values({ chat_id: chatId, update: Y.encodeStateAsUpdate(doc), created_at: new Date().toISOString() })
    .execute();
  return ids;
}
