import type SQLite from 'better-sqlite3';
import { changeStampOf } from './change-stamp.ts';
import { preparedFor } from './database.ts';

/**
 * Rows read on every request of a signed-in student (their session with their user row, their
 * saves and blocks) kept in memory, each under the student they belong to, until that student's
 * rows change. The database logs whose rows changed (`viewer_changes`, its triggers on sessions,
 * users, saves and blocks, whoever wrote them); when the connection's change stamp moves
 * (change-stamp.ts: this connection's writes at once, another process's within OTHER_WRITERS_MS),
 * the cache reads the log's new entries and drops those students' rows only. Before issue 36 any
 * write emptied it, and at exam time (dozens of writes a second) no reader's rows were ever kept.
 * Least recently used out past `maxEntries`. Reads made inside a transaction are neither served
 * from it nor kept.
 */
export interface ReadCache<Value> {
  /** The kept value of `key`, or `load()`'s, kept when it is not undefined. */
  read<Loaded extends Value | undefined>(sqlite: SQLite.Database, key: string, load: () => Loaded): Value | Loaded;
}

/** More changes than this since the last look: everything is dropped rather than read one by one. */
const MAX_CHANGES_READ = 1_000;

const changeLog = preparedFor((sqlite) => ({
  newest: sqlite.prepare<[], number | null>('select max(seq) from viewer_changes').pluck(),
  since: sqlite.prepare<[number, number], { seq: number; user_id: string }>(
    'select seq, user_id from viewer_changes where seq > ? order by seq limit ?',
  ),
}));

interface Kept<Value> {
  stamp: number | null;
  /** The newest log entry applied. */
  seq: number;
  values: Map<string, { owner: string; value: Value }>;
  keysOf: Map<string, Set<string>>;
}

export function createReadCache<Value>(
  maxEntries: number,
  /** The student whose rows `value` holds. */
  ownerOf: (key: string, value: Value) => string,
  stampOf: (sqlite: SQLite.Database) => () => number | null = changeStampOf,
): ReadCache<Value> {
  const kept = new WeakMap<SQLite.Database, Kept<Value>>();

  function forget(cache: Kept<Value>, key: string): void {
    const entry = cache.values.get(key);
    if (!entry) return;
    cache.values.delete(key);
    const keys = cache.keysOf.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) cache.keysOf.delete(entry.owner);
  }

  function clear(cache: Kept<Value>): void {
    cache.values.clear();
    cache.keysOf.clear();
  }

  /** Drops the rows of every student the log names since the cache last looked. */
  function applyChanges(sqlite: SQLite.Database, cache: Kept<Value>): void {
    const changes = changeLog(sqlite).since.all(cache.seq, MAX_CHANGES_READ + 1);
    const first = changes[0];
    // More than can be read one by one, or entries pruned before this cache read them: start again.
    if (changes.length > MAX_CHANGES_READ || (first !== undefined && first.seq > cache.seq + 1)) {
      clear(cache);
      cache.seq = changeLog(sqlite).newest.get() ?? 0;
      return;
    }
    for (const { seq, user_id: owner } of changes) {
      for (const key of [...(cache.keysOf.get(owner) ?? [])]) forget(cache, key);
      cache.seq = seq;
    }
  }

  return {
    read(sqlite, key, load) {
      const stamp = stampOf(sqlite)();
      if (stamp === null) return load();
      let cache = kept.get(sqlite);
      if (cache === undefined) {
        cache = { stamp, seq: changeLog(sqlite).newest.get() ?? 0, values: new Map(), keysOf: new Map() };
        kept.set(sqlite, cache);
      } else if (cache.stamp !== stamp) {
        cache.stamp = stamp;
        applyChanges(sqlite, cache);
      }
      const hit = cache.values.get(key);
      if (hit !== undefined) {
        cache.values.delete(key);
        cache.values.set(key, hit);
        return hit.value;
      }
      const value = load();
      if (value === undefined) return value;
      if (cache.values.size >= maxEntries) {
        const oldest = cache.values.keys().next();
        if (!oldest.done) forget(cache, oldest.value);
      }
      const owner = ownerOf(key, value);
      cache.values.set(key, { owner, value });
      const keys = cache.keysOf.get(owner);
      if (keys) keys.add(key);
      else cache.keysOf.set(owner, new Set([key]));
      return value;
    },
  };
}

/**
 * Forgets the log's entries every server has long read (housekeeping, hourly). The newest `keep`
 * (at least one) stay: a cache that finds the entry after its own gone knows it fell behind, and
 * starts again.
 */
export function pruneViewerChanges(sqlite: SQLite.Database, keep = 100_000): void {
  sqlite
    .prepare('delete from viewer_changes where seq <= (select max(seq) from viewer_changes) - ?')
    .run(Math.max(1, keep));
}
