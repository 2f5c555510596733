import type { MeResponse } from '@campus/shared/account-api';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../app/session/session-context.tsx';
import { backoffDelay } from './backoff.ts';
import { browserGet, browserTransport, syncSocketUrl, withOutboxLock } from './browser-transport.ts';
import { announceDroppedChange } from './dropped-changes.ts';
import { refreshFeedAds } from './feed-ads.ts';
import { notifyInboxChanged } from './inbox-events.ts';
import { type ApiGet, applyMutationResult, applyNotices, refreshFeed } from './local-cache.ts';
import { CACHE_OWNER_KEY, clearReadCache, localDb, readCacheOwner } from './local-db.ts';
import type { LocalSyncApi, NetworkStatus } from './local-sync-api.ts';
import { applyNotificationsRead } from './notification-reads.ts';
import { createOutbox, type DrainResult } from './outbox.ts';
import type { ConnectionStatus, SyncConnection } from './sync-connection.ts';
import { NO_UNREAD, readUnreadCounts, refreshUnreadCounts, saveUnreadCounts } from './unread-counts.ts';
import { useLiveQuery } from './use-live-query.ts';

const CURSOR_KEY = 'sync-cursor';

/**
 * The local-first layer's runtime (issue 5, decision 013): one database, one
 * outbox and, for a signed-in student, one live connection. The outbox
 * drains at start-up, when the browser comes online, when the socket has
 * caught up after a reconnect, and when the page becomes visible again.
 * Loaded after the first paint with Dexie (decision 050): it renders nothing
 * and hands its API to LocalSyncProvider (local-sync-context.tsx).
 */
export function LocalSyncRuntime({ onApi }: { onApi: (api: LocalSyncApi) => void }) {
  const { user, status: sessionStatus, setUser, refresh } = useSession();
  const userId = user?.id ?? null;
  const db = localDb();
  const [socketStatus, setSocketStatus] = useState<ConnectionStatus>('offline');
  const [isBrowserOnline, setIsBrowserOnline] = useState(() => navigator.onLine);
  const [userRef] = useState(() => ({ current: userId }));
  userRef.current = userId;

  const outbox = useMemo(
    () =>
      createOutbox({
        db,
        transport: browserTransport,
        currentUserId: () => userRef.current,
        onApplied: (entry, body, meta) => {
          // Profile changes answer the user as the server now has it.
          if (entry.kind === 'profile.update' || entry.kind === 'profile.photo') {
            const answered = (body as MeResponse | null)?.user;
            if (answered && answered.id === userRef.current) setUser(answered);
            return;
          }
          if (entry.kind === 'notifications.read') return applyNotificationsRead(db, body);
          return applyMutationResult(db, browserGet, entry, body, meta);
        },
        withLock: withOutboxLock,
        // The chat engine (Yjs) loads only when a drain meets a chat photo (npm run size).
        deliveries: {
          'chat.photo': (userId) =>
            import('./chats/chat-photo-delivery.ts').then((module) => module.openChatPhotoDelivery(userId)),
        },
        onDropped: (_entry, errors) => announceDroppedChange(errors.join('\n')),
      }),
    [db, setUser, userRef],
  );

  // Retry "later" answers (server busy or restarting) with backoff; anything else waits for a trigger.
  const drain = useMemo(() => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    return async function drainWithRetry(): Promise<DrainResult> {
      clearTimeout(timer);
      const result = await outbox.drain();
      if (result === 'later') {
        timer = setTimeout(() => void drainWithRetry(), backoffDelay(attempt, 1000, 30_000, Math.random));
        attempt += 1;
      } else attempt = 0;
      return result;
    };
  }, [outbox]);

  // A different user on this device: what was read for the last one goes. A screen that already read
  // its first page (the feed right after signing in) lost it with the rest: a new `get` makes every
  // reader that loads through it load again.
  const [cacheGeneration, setCacheGeneration] = useState(0);
  useEffect(() => {
    if (sessionStatus !== 'ready') return;
    void (async () => {
      const owner = await readCacheOwner(db);
      if (owner !== userId) {
        await clearReadCache(db);
        await db.meta.put({ key: CACHE_OWNER_KEY, value: userId });
        setCacheGeneration((generation) => generation + 1);
      }
    })();
  }, [db, sessionStatus, userId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per generation is the point.
  const get = useMemo<ApiGet>(() => (path) => browserGet(path), [cacheGeneration]);

  useEffect(() => {
    const online = () => {
      setIsBrowserOnline(true);
      void drain();
    };
    const offline = () => setIsBrowserOnline(false);
    const visible = () => {
      if (document.visibilityState === 'visible') void drain();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [drain]);

  useEffect(() => {
    if (!userId) return;
    void drain();
    // Keep the outbox and cache through storage pressure (issue 5); browsers may say no.
    void navigator.storage?.persist?.().catch(() => false);
    // The socket code loads after the first paint: the cached feed does not wait for it (npm run size).
    let isCancelled = false;
    let connection: SyncConnection | undefined;
    const connect = (createSyncConnection: typeof import('./sync-connection.ts').createSyncConnection) =>
      createSyncConnection({
        url: syncSocketUrl(),
        loadCursor: async () => ((await db.meta.get(CURSOR_KEY))?.value as number | undefined) ?? null,
        saveCursor: async (cursor) => {
          await db.meta.put({ key: CURSOR_KEY, value: cursor });
        },
        onNotices: (notices) => {
          // issue 6: chat notices only tell /messages to read the inbox again; the rest is about posts.
          if (notices.some((notice) => notice.kind === 'chat')) notifyInboxChanged();
          return applyNotices(
            db,
            browserGet,
            notices.filter((notice) => notice.kind !== 'chat'),
          );
        },
        onReset: async () => {
          await Promise.all([refreshFeed(db, browserGet), refreshFeedAds(db, browserGet)]);
        },
        onCaughtUp: () => void drain(),
        onStatus: (socketState) => {
          setSocketStatus(socketState);
          // decision 032: the live `unread` message is sent on change only; a (re)connection asks.
          if (socketState === 'online') void refreshUnreadCounts(db, browserGet);
        },
        onUnread: (counts) => void saveUnreadCounts(db, counts),
        // Logged out or a password changed elsewhere (decision 020): signed out here too, unless a
        // new sign-in already gave this browser a fresh cookie for the same student.
        onSessionEnded: () =>
          void refresh().then((fresh) => {
            if (!isCancelled && fresh?.id === userRef.current) connection?.nudge();
          }),
      });
    void import('./sync-connection.ts').then((module) => {
      if (isCancelled) return;
      connection = connect(module.createSyncConnection);
      connection.start();
    });
    const nudge = () => connection?.nudge();
    window.addEventListener('online', nudge);
    return () => {
      isCancelled = true;
      window.removeEventListener('online', nudge);
      connection?.stop();
    };
  }, [db, drain, refresh, userId, userRef]);

  // The server's counts less the reads still in the outbox (notification-reads.ts), live on both tables.
  const unread = useLiveQuery(() => readUnreadCounts(db, userId), [db, userId]) ?? NO_UNREAD;

  const status: NetworkStatus = !isBrowserOnline
    ? 'offline'
    : userId && socketStatus !== 'online'
      ? 'reconnecting'
      : 'online';

  const api = useMemo<LocalSyncApi>(
    () => ({
      db,
      get,
      outbox,
      status,
      drainNow: drain,
      async drainBeforeReload() {
        if (navigator.onLine) await drain();
      },
      unread,
    }),
    [db, drain, get, outbox, status, unread],
  );
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}
