import type { UnreadCountsDto } from '@campus/shared/notifications-api';
import { useLocalSync } from './local-sync-context.tsx';
import { NO_UNREAD, UNREAD_KEY } from './unread-counts.ts';
import { useLiveQuery } from './use-live-query.ts';

/** The unread notifications and chats the device holds, live (the badges of spec 1 §2). */
export function useUnreadCounts(): UnreadCountsDto {
  const { db } = useLocalSync();
  const entry = useLiveQuery(() => db.meta.get(UNREAD_KEY), [db]);
  return (entry?.value as UnreadCountsDto | undefined) ?? NO_UNREAD;
}
