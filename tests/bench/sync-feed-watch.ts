import { performance } from 'node:perf_hooks';
import type { FeedEntry, LocalDb } from '../../web/src/local/local-db.ts';

/**
 * Calls `onStored` with each feed row the local database gains or changes,
 * at the moment the transaction that wrote it commits (Dexie table hooks,
 * no polling): from then on a screen reading the feed would show it.
 */
export function watchFeed(db: LocalDb, onStored: (entry: FeedEntry, committedAt: number) => void): void {
  db.feed.hook('creating', (_primaryKey, entry, transaction) => {
    transaction.on('complete', () => onStored(entry, performance.now()));
  });
  db.feed.hook('updating', function (_modifications, _primaryKey, _before, transaction) {
    let updated: FeedEntry | undefined;
    this.onsuccess = (entry) => {
      updated = entry;
    };
    transaction.on('complete', () => {
      if (updated) onStored(updated, performance.now());
    });
  });
}
