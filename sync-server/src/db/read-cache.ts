import type SQLite from 'better-sqlite3';
import { changeStampOf } from './change-stamp.ts';

/**
 * Rows read on every request (a session's user, a viewer's saves) kept in
 * memory while the database has not changed (change-stamp.ts): any write in
 * this process empties the cache before the next read, another process's
 * within OTHER_WRITERS_MS. Least recently used out past `maxEntries`. Reads
 * made inside a transaction are neither served from it nor kept.
 */
export interface ReadCache<Value> {
  /** The kept value of `key`, or `load()`'s, kept when it is not undefined. */
  read<Loaded extends Value | undefined>(sqlite: SQLite.Database, key: string, load: () => Loaded): Value | Loaded;
}

export function createReadCache<Value>(
  maxEntries: number,
  stampOf: (sqlite: SQLite.Database) => () => number | null = changeStampOf,
): ReadCache<Value> {
  const kept = new WeakMap<SQLite.Database, { stamp: number | null; values: Map<string, Value> }>();
  return {
    read(sqlite, key, load) {
      const stamp = stampOf(sqlite)();
      if (stamp === null) return load();
      let cache = kept.get(sqlite);
      if (cache === undefined) {
        cache = { stamp, values: new Map() };
        kept.set(sqlite, cache);
      } else if (cache.stamp !== stamp) {
        cache.stamp = stamp;
        cache.values.clear();
      }
      const { values } = cache;
      const hit = values.get(key);
      if (hit !== undefined) {
        values.delete(key);
        values.set(key, hit);
        return hit;
      }
      const value = load();
      if (value === undefined) return value;
      if (values.size >= maxEntries) {
        const oldest = values.keys().next();
        if (!oldest.done) values.delete(oldest.value);
      }
      values.set(key, value);
      return value;
    },
  };
}
