import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { scaled } from '@campus/shared/time-scale';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempFile(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'campus-wal-'));
  dirs.push(dir);
  return path.join(dir, 'campus.sqlite');
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

describe('WAL checkpoints in a worker thread', () => {
  it('turns the automatic checkpoint off and moves committed pages into the database file from the worker', async () => {
    const file = await tempFile();
    const { sqlite, walCheckpointer } = openDatabase(file);
    try {
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      sqlite.exec('create table items (body blob)');
      const sizeBefore = statSync(file).size;
      const insert = sqlite.prepare('insert into items (body) values (?)');
      for (let index = 0; index < 200; index++) insert.run(Buffer.alloc(1024, index));
      // Nothing on this connection checkpoints; only the worker can grow the database file.
      expect(await waitFor(() => statSync(file).size > sizeBefore + 100 * 1024, 5000)).toBe(true);
    } finally {
      await walCheckpointer.stop();
      sqlite.close();
    }
  });

  it('makes the WAL start over under commits that never pause for long', { timeout: scaled(30_000) }, async () => {
    const file = await tempFile();
    const { sqlite, walCheckpointer } = openDatabase(file);
    try {
      sqlite.exec('create table items (body blob)');
      const insert = sqlite.prepare('insert into items (body) values (?)');
      // The WAL header's first salt changes each time a writer starts the WAL over from its start.
      const header = Buffer.alloc(32);
      const salts = new Set<number>();
      const started = Date.now();
      // Until the first start-over, or 25 s: the worker ticks each second, later on a loaded machine (alone
      // it takes 1-5 s; with the whole suite beside it on 2 cores, once more than 10 s).
      for (let index = 0; salts.size < 2 && Date.now() - started < 25_000; index++) {
        insert.run(Buffer.alloc(1024, index));
        const wal = openSync(`${file}-wal`, 'r');
        readSync(wal, header, 0, 32, 0);
        closeSync(wal);
        salts.add(header.readUInt32BE(16));
        // About one commit a millisecond: a single pass a tick never finds the WAL fully copied.
        await sleep(1);
      }
      // The worker ticks each second: the WAL's first header and at least one start-over.
      expect(salts.size).toBeGreaterThanOrEqual(2);
    } finally {
      await walCheckpointer.stop();
      sqlite.close();
    }
  });

  it('empties the WAL file on stop, and the connection still works without the worker', async () => {
    const file = await tempFile();
    const { sqlite, walCheckpointer } = openDatabase(file);
    sqlite.exec('create table items (n integer)');
    sqlite.prepare('insert into items (n) values (?)').run(1);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    await walCheckpointer.stop();
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(sqlite.prepare('select count(*) as count from items').get()).toEqual({ count: 1 });
    sqlite.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('leaves a :memory: database without a worker', async () => {
    const { sqlite, walCheckpointer } = openDatabase(':memory:');
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('memory');
    await walCheckpointer.stop();
    expect(sqlite.prepare('select 1 as one').get()).toEqual({ one: 1 });
    sqlite.close();
  });
});
