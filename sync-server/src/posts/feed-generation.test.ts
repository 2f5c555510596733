import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { OTHER_WRITERS_MS } from '../db/change-stamp.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createPost, createUser } from '../test/factories.ts';
import { feedGenerationReader } from './feed-cache.ts';

/** A migrated database file, this process's connection to it, and a second one as another process's. */
async function twoConnections() {
  const dir = await mkdtemp(path.join(tmpdir(), 'feed-generation-'));
  const file = path.join(dir, 'campus.sqlite');
  const { db, sqlite, walCheckpointer } = openDatabase(file);
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const other = new SQLite(file);
  onTestFinished(async () => {
    other.close();
    await walCheckpointer.stop();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  return { db, sqlite, other };
}

describe('feedGenerationReader', () => {
  it("sees this connection's writes, the triggers' included, in the next read", async () => {
    const { db, sqlite } = await twoConnections();
    const clock = { now: 0 };
    const read = feedGenerationReader(sqlite, () => clock.now);
    const before = read();
    const author = await createUser(db);
    expect(read()).toBe(before + 1);
    await createPost(db, { user_id: author.id });
    expect(read()).toBe(before + 2);
    sqlite.prepare('update feed_generation set n = n + 100').run();
    expect(read()).toBe(before + 102);
  });

  it('sees another process’s write within OTHER_WRITERS_MS', async () => {
    const { sqlite, other } = await twoConnections();
    const clock = { now: 0 };
    const read = feedGenerationReader(sqlite, () => clock.now);
    const before = read();
    other.prepare('update feed_generation set n = n + 1').run();
    clock.now += OTHER_WRITERS_MS / 2;
    expect(read()).toBe(before); // this connection changed nothing: not read yet
    clock.now += OTHER_WRITERS_MS / 2;
    expect(read()).toBe(before + 1);
  });

  it('does not trust a read made inside a transaction that then rolls back', async () => {
    const { sqlite } = await twoConnections();
    const read = feedGenerationReader(sqlite, () => 0);
    const before = read();
    sqlite.exec('begin');
    sqlite.prepare('update feed_generation set n = n + 1').run();
    expect(read()).toBe(before + 1);
    sqlite.exec('rollback');
    expect(read()).toBe(before);
    // A later real change from the rolled-back value still shows.
    sqlite.prepare('update feed_generation set n = n + 1').run();
    expect(read()).toBe(before + 1);
  });
});
