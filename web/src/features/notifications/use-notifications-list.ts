import { NOTIFICATIONS_PAGE_SIZE, type NotificationsPageDto } from '@campus/shared/notifications-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useViewer } from '../../app/session/use-viewer.ts';
import { ApiRequestError, isNetworkError } from '../../lib/api-client.ts';
import type { LocalDb } from '../../local/local-db.ts';
import { useLocalSync } from '../../local/local-sync-context.tsx';
import { markNotificationsRead } from '../../local/notification-reads.ts';
import { pendingReadIds } from '../../local/unread-counts.ts';
import { useLiveQuery } from '../../local/use-live-query.ts';
import { fetchNotificationsPage } from './api.ts';

/**
 * Keeps a page in the device's `notifications` table. The first page is the
 * truth for the rows as new as it: a row there that it lacks is gone (undone,
 * blocked, deleted), and when it is the only page, for every row. A row read
 * here whose read the outbox has not sent yet stays read.
 */
async function storePage(
  db: LocalDb,
  userId: string | null,
  page: NotificationsPageDto,
  isFirst: boolean,
): Promise<void> {
  await db.transaction('rw', [db.notifications, db.outbox], async () => {
    const readHere = await pendingReadIds(db, userId);
    if (isFirst) {
      const ids = new Set(page.notifications.map((row) => row.id));
      const oldest = page.nextCursor === null ? '' : (page.notifications.at(-1)?.updatedAt ?? '');
      await db.notifications
        .where('updatedAt')
        .aboveOrEqual(oldest)
        .filter((entry) => !ids.has(entry.id))
        .delete();
    }
    await db.notifications.bulkPut(
      page.notifications.map((notification) => ({
        id: notification.id,
        updatedAt: notification.updatedAt,
        notification: readHere.has(notification.id) ? { ...notification, isRead: true } : notification,
      })),
    );
  });
}

function messageOf(caught: unknown): string {
  return caught instanceof ApiRequestError ? caught.message : 'Something went wrong.';
}

/**
 * /notifications (spec 2 §2, §4): 15 a page, newest first (`updatedAt`,
 * decision 032), read from the device so it opens offline, refreshed from the
 * server on open and whenever the live unread count moves. Rows are marked
 * read once displayed, on the device at once and through the outbox to the
 * server (offline too); they keep their unread look until the screen is left.
 */
export function useNotificationsList() {
  const { db, unread, outbox, drainNow } = useLocalSync();
  const userId = useViewer()?.id ?? null;
  const unreadCount = unread.notifications;
  const [limit, setLimit] = useState(NOTIFICATIONS_PAGE_SIZE);
  const [cursor, setCursor] = useState<string | null>(null);
  const [isServerEnd, setIsServerEnd] = useState(false);
  const [isOffline, setIsOffline] = useState(false);
  const [isFetching, setIsFetching] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [unreadShown, setUnreadShown] = useState<ReadonlySet<string>>(() => new Set());
  const posted = useRef(new Set<string>());
  const hasLoaded = useRef(false);

  const entries = useLiveQuery(
    () => db.notifications.orderBy('updatedAt').reverse().limit(limit).toArray(),
    [db, limit],
  );
  const rows = entries?.map((entry) => entry.notification);

  // The first page: on open, and again when the live count says something changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: unreadCount is the trigger, not an input.
  useEffect(() => {
    let isCancelled = false;
    void (async () => {
      try {
        const page = await fetchNotificationsPage(null);
        await storePage(db, userId, page, true);
        if (isCancelled) return;
        // A refresh keeps the pages already loaded past the first.
        if (!hasLoaded.current) {
          setCursor(page.nextCursor);
          setIsServerEnd(page.nextCursor === null);
        }
        hasLoaded.current = true;
        setIsOffline(false);
        setError(null);
      } catch (caught) {
        if (isCancelled) return;
        if (isNetworkError(caught)) setIsOffline(true);
        else setError(messageOf(caught));
      } finally {
        if (!isCancelled) setIsFetching(false);
      }
    })();
    return () => {
      isCancelled = true;
    };
  }, [db, unreadCount, userId]);

  const count = rows?.length ?? 0;
  const isEnd = isOffline || !hasLoaded.current ? count < limit : isServerEnd;

  const loadMore = useCallback(() => {
    if (isFetching || isEnd || count < limit) return;
    if (isOffline || !cursor) {
      setLimit((current) => current + NOTIFICATIONS_PAGE_SIZE);
      return;
    }
    setIsFetching(true);
    void fetchNotificationsPage(cursor)
      .then(async (page) => {
        await storePage(db, userId, page, false);
        setCursor(page.nextCursor);
        setIsServerEnd(page.nextCursor === null);
        setLimit((current) => current + NOTIFICATIONS_PAGE_SIZE);
      })
      // spec 2 §8: a failed load-more is only logged.
      .catch((caught: unknown) => {
        if (isNetworkError(caught)) setIsOffline(true);
        console.warn('notifications: load more failed', caught);
      })
      .finally(() => setIsFetching(false));
  }, [count, cursor, db, isEnd, isFetching, isOffline, limit, userId]);

  // spec 2 §4: read once displayed: on the device now (the badge drops, offline too), then the outbox tells the server.
  useEffect(() => {
    const ids = (rows ?? []).filter((row) => !row.isRead && !posted.current.has(row.id)).map((row) => row.id);
    if (ids.length === 0 || !userId) return;
    for (const id of ids) posted.current.add(id);
    setUnreadShown((current) => new Set([...current, ...ids]));
    void markNotificationsRead(db, outbox, userId, ids)
      .then(() => drainNow())
      .catch(() => {
        for (const id of ids) posted.current.delete(id);
      });
  }, [db, drainNow, outbox, rows, userId]);

  return {
    rows,
    isLoading: rows === undefined || (isFetching && count === 0),
    isEnd,
    error: count === 0 ? error : null,
    loadMore,
    isUnread: (id: string) => unreadShown.has(id),
  };
}
