import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { changeStamp, OTHER_WRITERS_MS } from './change-stamp.ts';
import { createReadCache } from './read-cache.ts';

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

describe('createReadCache', () => {
  it('answers from memory until the database changes, then reads again; keeps nothing read in a transaction', async () => {
    const { sqlite } = await twoConnections();
    const stamp = changeStamp(sqlite, () => 0);
    const cache = createReadCache<number>(10, () => stamp);
    const count = () => sqlite.prepare<[], number>('select count(*) from t').pluck().get() ?? -1;
    let loads = 0;
    const read = () =>
      cache.read(sqlite, 'rows', () => {
        loads += 1;
        return count();
      });
    expect(read()).toBe(0);
    expect(read()).toBe(0);
    expect(loads).toBe(1);
    sqlite.prepare('insert into t values (1)').run();
    expect(read()).toBe(1);
    expect(loads).toBe(2);
    sqlite.exec('begin');
    sqlite.prepare('insert into t values (2)').run();
    expect(read()).toBe(2);
    sqlite.exec('rollback');
    expect(read()).toBe(1);
    expect(loads).toBe(4);
  });

  it('keeps at most maxEntries, the least recently used going first, and never an undefined answer', async () => {
    const { sqlite } = await twoConnections();
    const stamp = changeStamp(sqlite, () => 0);
    const cache = createReadCache<string>(2, () => stamp);
    const loaded: string[] = [];
    const read = (key: string) =>
      cache.read(sqlite, key, () => {
        loaded.push(key);
        return key === 'missing' ? undefined : key.toUpperCase();
      });
    read('a');
    read('b');
    read('a'); // a is now the most recently used
    read('c'); // b goes
    read('a');
    read('b');
    expect(read('missing')).toBeUndefined();
    read('missing');
    expect(loaded).toEqual(['a', 'b', 'c', 'b', 'missing', 'missing']);
  });
});
