import { migrationProvider } from '@campus/migrations/all';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, Migrator, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.ts';
import { startWalCheckpointer, WAL_LIMIT_BYTES, type WalCheckpointer } from './wal-checkpointer.ts';

export type Db = Kysely<Database>;

/** The better-sqlite3 handle under each Kysely instance openDatabase made (sqliteOf). */
const handles = new WeakMap<Db, SQLite.Database>();

/**
 * The better-sqlite3 handle under `db`, for a hot path that runs its own
 * synchronous statements (chats/chat-writer.ts). Use it only while holding
 * Kysely's connection (`db.connection().execute(...)`), so it never runs
 * inside a Kysely transaction that is waiting between statements.
 */
export function sqliteOf(db: Db): SQLite.Database {
  const sqlite = handles.get(db);
  if (!sqlite) throw new Error('sqliteOf: this Kysely instance was not made by openDatabase');
  return sqlite;
}

/**
 * Runs `read` on the better-sqlite3 handle under `db` as a per-request hot path
 * (a session lookup, a feed page's own part): a prepared statement instead of
 * Kysely building the SQL again each time. With no transaction open it runs at
 * once, being synchronous; while a Kysely transaction holds the connection
 * between its statements it waits for it, as a Kysely query would, so it never
 * sees (or writes into) another request's unfinished transaction.
 */
export function withSqlite<T>(db: Db, read: (sqlite: SQLite.Database) => T): T | Promise<T> {
  const sqlite = sqliteOf(db);
  return sqlite.inTransaction ? db.connection().execute(async () => read(sqlite)) : read(sqlite);
}

/** Prepared statements made once per database handle (`prepare` is called on first use of a handle). */
export function preparedFor<Statements>(prepare: (sqlite: SQLite.Database) => Statements) {
  const byHandle = new WeakMap<SQLite.Database, Statements>();
  return (sqlite: SQLite.Database): Statements => {
    let statements = byHandle.get(sqlite);
    if (statements === undefined) {
      statements = prepare(sqlite);
      byHandle.set(sqlite, statements);
    }
    return statements;
  };
}

/** Distinct SQL texts kept prepared; the app has a few hundred at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every statement it runs; preparing
 * was ~10% of a feed page's server time (decision 009). The same SQL text is
 * prepared once and reused (least recently used out). better-sqlite3
 * statements are reusable and SQLite re-prepares them after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // Kysely's transactions take the write lock when they begin. They had to while the chat
      // writer wrote from a worker's connection (a deferred transaction that read first could not
      // upgrade: SQLITE_BUSY_SNAPSHOT); with one writing connection again (decision 016)
      // it is harmless, and kept.
      const sql = text === 'begin' ? 'begin immediate' : text;
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Opens the SQLite database. `:memory:` gives a private database (tests).
 * WAL lets readers proceed while one writer commits; busy_timeout makes a
 * second writer wait instead of failing with SQLITE_BUSY. A file database
 * is checkpointed by a worker thread (wal-checkpointer.ts); call
 * `walCheckpointer.stop()` before `db.destroy()`.
 */
export function openDatabase(
  file: string,
  options: { onQuery?: (query: CompiledQuery) => void } = {},
): { db: Db; sqlite: SQLite.Database; walCheckpointer: WalCheckpointer } {
  const sqlite = new SQLite(file);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  let walCheckpointer: WalCheckpointer = { stop: async () => undefined };
  if (file !== ':memory:') {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`journal_size_limit = ${WAL_LIMIT_BYTES}`);
    walCheckpointer = startWalCheckpointer(sqlite, file);
  }
  const { onQuery } = options;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    ...(onQuery
      ? {
          log: (event) => {
            if (event.level === 'query') onQuery(event.query);
          },
        }
      : {}),
  });
  handles.set(db, sqlite);
  return { db, sqlite, walCheckpointer };
}

/** Applies every pending migration; throws (and so stops start-up) if one fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** A real round trip to the database (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Keeps the planner's statistics current, as SQLite recommends for a long-lived connection (issue
 * 36): `PRAGMA optimize=0x10002` when the server opens the database, plain `PRAGMA optimize` every
 * hour after. `analysis_limit` bounds each ANALYZE to a sample, so a big campus costs milliseconds.
 * The queries that matter are planned to be right whatever these statistics say (thread-plans.test.ts).
 */
export function optimizeStatistics(db: Db, moment: 'open' | 'hourly'): void {
  const sqlite = sqliteOf(db);
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma(moment === 'open' ? 'optimize = 0x10002' : 'optimize');
}
