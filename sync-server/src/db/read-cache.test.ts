import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upsertCampusCatalogue } from '../campus/campus.repository.ts';
import { createPost, createUser } from '../test/factories.ts';
import { changeStamp } from './change-stamp.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { createReadCache, pruneViewerChanges } from './read-cache.ts';

/** A migrated file database with two students and a post, and its change stamp. */
async function campus() {
  const dir = await mkdtemp(path.join(tmpdir(), 'read-cache-'));
  const { db, sqlite, walCheckpointer } = openDatabase(path.join(dir, 'campus.sqlite'));
  onTestFinished(async () => {
    await walCheckpointer.stop();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  await migrateToLatest(db);
  await upsertCampusCatalogue(db, undefined);
  const alice = await createUser(db);
  const bob = await createUser(db);
  const post = await createPost(db, { user_id: bob.id });
  const stamp = changeStamp(sqlite, () => 0);
  const savesOf = (userId: string) =>
    sqlite.prepare<[string], string>('select post_id from saves where user_id = ?').pluck().all(userId).join(',');
  return { sqlite, alice, bob, postId: post.id, stamp, savesOf };
}

// issue 36: any write emptied these caches, so at exam time no reader's rows were ever kept.
describe('createReadCache', () => {
  it("drops a student's rows when theirs change, and keeps everyone else's through other writes", async () => {
    const { sqlite, alice, bob, postId, stamp, savesOf } = await campus();
    const cache = createReadCache<string>(
      10,
      (userId) => userId,
      () => stamp,
    );
    const loads: string[] = [];
    const read = (userId: string) =>
      cache.read(sqlite, userId, () => {
        loads.push(userId);
        return savesOf(userId);
      });
    expect([read(alice.id), read(bob.id)]).toEqual(['', '']);
    // Someone else's post, comment, anything but Alice's and Bob's own rows: both stay kept.
    sqlite.prepare("update posts set text_plain = 'Desk, barely used' where id = ?").run(postId);
    expect([read(alice.id), read(bob.id)]).toEqual(['', '']);
    expect(loads).toEqual([alice.id, bob.id]);
    // Alice saves: hers is read again, Bob's is not.
    sqlite.prepare("insert into saves (post_id, user_id, created_at) values (?, ?, 'x')").run(postId, alice.id);
    expect([read(alice.id), read(bob.id)]).toEqual([postId, '']);
    expect(loads).toEqual([alice.id, bob.id, alice.id]);
    // A block touches both students.
    sqlite.prepare("insert into blocks (blocker_id, blocked_id, created_at) values (?, ?, 'x')").run(alice.id, bob.id);
    read(alice.id);
    read(bob.id);
    expect(loads.slice(3)).toEqual([alice.id, bob.id]);
  });

  it('keeps nothing read in a transaction, and starts again when the log was pruned past it', async () => {
    const { sqlite, alice, postId, stamp, savesOf } = await campus();
    const cache = createReadCache<string>(
      10,
      (userId) => userId,
      () => stamp,
    );
    const read = () => cache.read(sqlite, alice.id, () => savesOf(alice.id));
    expect(read()).toBe('');
    sqlite.exec('begin');
    sqlite.prepare("insert into saves (post_id, user_id, created_at) values (?, ?, 'x')").run(postId, alice.id);
    expect(read()).toBe(postId);
    sqlite.exec('rollback');
    expect(read()).toBe('');
    sqlite.prepare("insert into saves (post_id, user_id, created_at) values (?, ?, 'x')").run(postId, alice.id);
    sqlite.prepare('delete from saves where user_id = ?').run(alice.id);
    sqlite.prepare("insert into saves (post_id, user_id, created_at) values (?, ?, 'x')").run(postId, alice.id);
    pruneViewerChanges(sqlite, 1);
    expect(read()).toBe(postId);
  });

  it('keeps at most maxEntries, the least recently used going first, and never an undefined answer', async () => {
    const { sqlite, stamp } = await campus();
    const cache = createReadCache<string>(
      2,
      (key) => key,
      () => stamp,
    );
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
