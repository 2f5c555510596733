import type SQLite from 'better-sqlite3';

/** How stale an in-memory read may be after a write by another process: it is looked for at least this often. */
export const OTHER_WRITERS_MS = 1_000;

/**
 * A number that changes whenever the database may have changed, for reads
 * kept in memory (read-cache.ts, issue 25); null inside a transaction, whose
 * reads are not to be kept (it may roll back). Cheap enough for every
 * request: this connection's writes are seen at once through SQLite's
 * `total_changes()` (~0.1 µs, counts trigger writes, touches no table; every
 * writer in the process uses this connection, decision 016), and another
 * connection's commits through `PRAGMA data_version` (a read transaction's
 * WAL locks, so looked at once every OTHER_WRITERS_MS at most).
 */
export function changeStamp(
  sqlite: SQLite.Database,
  now: () => number = performance.now.bind(performance),
): () => number | null {
  const changes = sqlite.prepare<[], number>('select total_changes()').pluck();
  const dataVersion = sqlite.prepare<[], number>('pragma data_version').pluck();
  let stamp = 0;
  let changesSeen = Number(changes.get());
  let versionSeen = Number(dataVersion.get());
  let versionReadAt = now();
  return () => {
    if (sqlite.inTransaction) {
      // Whatever is read now may roll back: the next stamp outside differs from every earlier one.
      changesSeen = -1;
      return null;
    }
    const total = Number(changes.get());
    if (total !== changesSeen) {
      changesSeen = total;
      stamp += 1;
    }
    const at = now();
    if (at - versionReadAt >= OTHER_WRITERS_MS) {
      versionReadAt = at;
      const version = Number(dataVersion.get());
      if (version !== versionSeen) {
        versionSeen = version;
        stamp += 1;
      }
    }
    return stamp;
  };
}

const stamps = new WeakMap<SQLite.Database, () => number | null>();

/** The connection's one change stamp (its "other writers" clock is shared by every cache of the connection). */
export function changeStampOf(sqlite: SQLite.Database): () => number | null {
  let stamp = stamps.get(sqlite);
  if (stamp === undefined) {
    stamp = changeStamp(sqlite);
    stamps.set(sqlite, stamp);
  }
  return stamp;
}
