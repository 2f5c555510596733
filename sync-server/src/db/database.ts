import { migrationProvider } from '@campus/migrations/all';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/**
 * Opens the SQLite database. `:memory:` gives a private database (tests).
 * WAL lets readers proceed while one writer commits; busy_timeout makes a
 * second writer wait instead of failing with SQLITE_BUSY.
 */
export function openDatabase(
  file: string,
  options: { onQuery?: (query: CompiledQuery) => void } = {},
): { db: Db; sqlite: SQLite.Database } {
  const sqlite = new SQLite(file);
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const { onQuery } = options;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    ...(onQuery
      ? {
          log: (event) => {
            if (event.level === 'query') onQuery(event.query);
          },
        }
      : {}),
  });
  return { db, sqlite };
}

/** Applies every pending migration; throws (and so stops start-up) if one fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
