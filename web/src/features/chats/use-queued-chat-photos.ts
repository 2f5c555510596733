import { type QueuedChatPhoto, queuedChatPhotos } from '../../local/chats/chat-photos.ts';
import { localDb } from '../../local/local-db.ts';
import { useLiveQuery } from '../../local/use-live-query.ts';

const NONE: QueuedChatPhoto[] = [];

/** The viewer's messages of this chat waiting in the outbox with their files, live (this tab or another). */
export function useQueuedChatPhotos(chatId: string, viewerId: string): QueuedChatPhoto[] {
  return useLiveQuery(() => queuedChatPhotos(localDb(), viewerId, chatId), [chatId, viewerId]) ?? NONE;
}
