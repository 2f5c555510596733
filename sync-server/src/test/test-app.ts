import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompiledQuery } from 'kysely';
import { createApp } from '../app.ts';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../http/logger.ts';

export interface TestApp {
  db: Db;
  config: Config;
  /** Every SQL statement the app ran, in order (for query-count tests). */
  queries: CompiledQuery[];
  /** `app.request` with a Host header for the given campus sub-domain. */
  request(pathname: string, init?: RequestInit & { host?: string }): Promise<Response>;
}

/** A fresh, migrated in-memory database and the whole app around it, per test. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const queries: CompiledQuery[] = [];
  const { db } = openDatabase(':memory:', { onQuery: (query) => queries.push(query) });
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'campus-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { seedDemo: false, ...overrides });
  const app = createApp({ db, config, logger: createLogger('silent') });
  queries.length = 0;
  return {
    db,
    config,
    queries,
    async request(pathname, { host = 'ou.localhost', headers, ...init } = {}) {
      return await app.request(pathname, { ...init, headers: { host, ...headers } });
    },
  };
}
