import type { UnreadCountsDto } from '@campus/shared/notifications-api';
import type { MarkNotificationsReadRequest } from '@campus/shared/notifications-requests';
import { LOCAL_API } from './api.ts';
import type { ApiGet } from './local-cache.ts';
import type { LocalDb } from './local-db.ts';

/**
 * The badges' counts (spec 1 §2, issue 21) kept on the device in `meta`, so
 * they are right offline; they go with the rest of the read cache when
 * another student signs in.
 */
const UNREAD_KEY = 'unread-counts';

export const NO_UNREAD: UnreadCountsDto = { notifications: 0, chats: 0 };

export async function saveUnreadCounts(db: LocalDb, counts: UnreadCountsDto): Promise<void> {
  await db.meta.put({ key: UNREAD_KEY, value: { notifications: counts.notifications, chats: counts.chats } });
}

/**
 * The ids `userId` read on this device that the server has not been told of
 * yet (refused mutations not counted, nor another student's on a shared device).
 */
export async function pendingReadIds(db: LocalDb, userId: string | null): Promise<Set<string>> {
  const waiting = await db.outbox.where('kind').equals('notifications.read').toArray();
  const ids = new Set<string>();
  for (const entry of waiting) {
    if (entry.state === 'failed' || entry.userId !== userId) continue;
    for (const id of (entry.body as MarkNotificationsReadRequest).ids) ids.add(id);
  }
  return ids;
}

/**
 * The badges' counts as the device shows them: the server's last counts, less
 * the notifications read here that the server has not been told of yet (they
 * are unread in any count it sent before it was told). So a count that
 * arrives after reading offline, before the outbox has sent the reads, does
 * not bring the badge back up. Should another device have read the same rows
 * meanwhile, the count is low until the reads are sent (never below 0).
 */
export async function readUnreadCounts(db: LocalDb, userId: string | null): Promise<UnreadCountsDto> {
  const stored = ((await db.meta.get(UNREAD_KEY))?.value as UnreadCountsDto | undefined) ?? NO_UNREAD;
  const pending = await pendingReadIds(db, userId);
  return { notifications: Math.max(0, stored.notifications - pending.size), chats: stored.chats };
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
