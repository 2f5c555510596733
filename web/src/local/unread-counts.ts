import type { UnreadCountsDto } from '@campus/shared/notifications-api';
import { LOCAL_API } from './api.ts';
import type { ApiGet } from './local-cache.ts';
import type { LocalDb } from './local-db.ts';

/**
 * The badges' counts (spec 1 §2, issue 21) kept on the device in `meta`, so
 * they are right offline; they go with the rest of the read cache when
 * another student signs in.
 */
export const UNREAD_KEY = 'unread-counts';

export const NO_UNREAD: UnreadCountsDto = { notifications: 0, chats: 0 };

export async function saveUnreadCounts(db: LocalDb, counts: UnreadCountsDto): Promise<void> {
  await db.meta.put({ key: UNREAD_KEY, value: { notifications: counts.notifications, chats: counts.chats } });
}

/** Asks the server (at start and each reconnection, decision 032); a failure keeps what the device has. */
export async function refreshUnreadCounts(db: LocalDb, get: ApiGet): Promise<void> {
  try {
    const answer = await get(LOCAL_API.unread);
    if (answer.status === 200) await saveUnreadCounts(db, answer.body as UnreadCountsDto);
  } catch {
    // Offline: the kept counts stay.
  }
}
