import type { ChatPhotoEntry } from '../../local/local-db.ts';
import { localDb } from '../../local/local-db.ts';
import { useLiveQuery } from '../../local/use-live-query.ts';
import { queuedChatPhotos } from './chat-photo-queue.ts';

const NONE: ChatPhotoEntry[] = [];

/** The viewer's messages of this chat waiting in the photo queue, live (this tab or another). */
export function useQueuedChatPhotos(chatId: string, viewerId: string): ChatPhotoEntry[] {
  return useLiveQuery(() => queuedChatPhotos(localDb(), viewerId, chatId), [chatId, viewerId]) ?? NONE;
}
