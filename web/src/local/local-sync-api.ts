import type { UnreadCountsDto } from '@campus/shared/notifications-api';
import type { ApiGet } from './local-cache.ts';
import type { LocalDb } from './local-db.ts';
import type { DrainResult, Outbox } from './outbox.ts';

/** What the local-first layer offers (local-sync-context.tsx); local-sync-runtime.tsx provides it. */
export type NetworkStatus = 'offline' | 'reconnecting' | 'online';

export interface LocalSyncApi {
  db: LocalDb;
  /** Reads from the server; a new function once a change of user has emptied the read cache. */
  get: ApiGet;
  outbox: Outbox;
  status: NetworkStatus;
  /** Sends what is queued now (after a new mutation); retries later by itself if the server is busy. */
  drainNow(): Promise<DrainResult>;
  /** Runs before the service worker swaps the app: sends what is queued while the page still can. */
  drainBeforeReload(): Promise<void>;
  /** The badges' unread counts as the device holds them (spec 1 §2, issue 21), live. */
  unread: UnreadCountsDto;
}
