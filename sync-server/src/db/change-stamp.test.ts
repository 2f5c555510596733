import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { changeStamp, OTHER_WRITERS_MS } from './change-stamp.ts';

/** A WAL database file, this process's connection to it, and a second one as another process's. */
async function twoConnections() {
  const dir = await mkdtemp(path.join(tmpdir(), 'change-stamp-'));
  const file = path.join(dir, 'campus.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table t (x integer)');
  const other = new SQLite(file);
  onTestFinished(async () => {
    other.close();
    sqlite.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { sqlite, other };
}

describe('changeStamp', () => {
  it("moves with this connection's writes at once, and not with its reads", async () => {
    const { sqlite } = await twoConnections();
    const stamp = changeStamp(sqlite, () => 0);
    const before = stamp();
    sqlite.prepare('select * from t').all();
    expect(stamp()).toBe(before);
    sqlite.prepare('insert into t values (1)').run();
    expect(stamp()).not.toBe(before);
  });

  it('moves with another connection’s commit within OTHER_WRITERS_MS', async () => {
    const { sqlite, other } = await twoConnections();
    const clock = { now: 0 };
    const stamp = changeStamp(sqlite, () => clock.now);
    const before = stamp();
    other.prepare('insert into t values (1)').run();
    clock.now += OTHER_WRITERS_MS / 2;
    expect(stamp()).toBe(before); // not looked for yet
    clock.now += OTHER_WRITERS_MS / 2;
    expect(stamp()).not.toBe(before);
  });

  it('is null inside a transaction, and after a rollback differs from every stamp before it', async () => {
    const { sqlite } = await twoConnections();
    const stamp = changeStamp(sqlite, () => 0);
    const before = stamp();
    sqlite.exec('begin');
    sqlite.prepare('insert into t values (1)').run();
    expect(stamp()).toBeNull();
    sqlite.exec('rollback');
    const after = stamp();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
  });
});
