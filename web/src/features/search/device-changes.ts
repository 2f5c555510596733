import { Dexie, type IntervalTree, type ObservabilitySet, RangeSet } from 'dexie';
import { CACHE_OWNER_KEY, type LocalDb } from '../../local/local-db.ts';

/** What changed in the device copy since the index last caught up. */
export interface DeviceChanges {
  /** Cached posts written or deleted, by id. */
  postIds: Set<string>;
  /** A whole table was cleared or a range deleted (or the page came back from the back-forward cache). */
  isEverything: boolean;
  isOutboxChanged: boolean;
  /** `meta.owner` was written: the cache may now be another user's. */
  isOwnerChanged: boolean;
}

const POST_TABLES = new Set(['feed', 'postPages', 'saved']);

function noChanges(): DeviceChanges {
  return { postIds: new Set(), isEverything: false, isOutboxChanged: false, isOwnerChanged: false };
}

/**
 * Follows every write to the device copy (decision 039) through Dexie's
 * `storagemutated` event, the one `useLiveQuery` follows: it carries the keys
 * each committed transaction wrote, in this tab and, by BroadcastChannel, in
 * the others. So the index re-reads only the posts that changed, and a query
 * with nothing changed reads nothing from IndexedDB.
 */
export function followChanges(db: LocalDb) {
  let changes = noChanges();
  const prefix = `idb://${db.name}/`;

  function note(table: string, tree: IntervalTree): void {
    if (table === 'outbox') changes.isOutboxChanged = true;
    else if (table === 'meta') {
      // `meta` also holds the sync cursor, written with every batch of notices: only the owner matters.
      for (const range of RangeSet(tree)) {
        if (range.from !== range.to || range.from === CACHE_OWNER_KEY) changes.isOwnerChanged = true;
      }
    } else if (POST_TABLES.has(table)) {
      for (const range of RangeSet(tree)) {
        if (range.from === range.to && typeof range.from === 'string') changes.postIds.add(range.from);
        else changes.isEverything = true;
      }
    }
  }

  function listener(parts: ObservabilitySet): void {
    for (const [part, tree] of Object.entries(parts)) {
      if (part === 'all') {
        changes.isEverything = true;
        changes.isOutboxChanged = true;
        changes.isOwnerChanged = true;
      }
      if (!part.startsWith(prefix)) continue;
      // `idb://<db>/<table>/<index>`: the primary key's part has an empty index name.
      const [table, index] = part.slice(prefix.length).split('/');
      if (table !== undefined && index === '') note(table, tree);
    }
  }

  Dexie.on.storagemutated.subscribe(listener);
  return {
    /** What changed since the last call (the first call: since following began). */
    take(): DeviceChanges {
      const taken = changes;
      changes = noChanges();
      return taken;
    },
    stop(): void {
      Dexie.on.storagemutated.unsubscribe(listener);
    },
  };
}
