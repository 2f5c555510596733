import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import type { Db } from './database.ts';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-11-22T1400-chat-updates-rowid-seq';
const SAVES = '2026-11-24T1000-saves';

async function schemaNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where name like '%save%' or name like '%like%' order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function changeCount(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from changes`.execute(db);
  return rows[0]?.count ?? 0;
}

describe('migration 2026-11-24T1000: post_likes → saves, like_count → save_count (decision 029)', () => {
  it('keeps every save and count, renames the key, index and triggers, and goes back down', async () => {
    const { db, migrator, alice, bob } = await databaseAt(BEFORE);
    const post = await createPost(db, { user_id: alice.id });
    const other = await createPost(db, { user_id: bob.id });
    for (const [postId, userId, at] of [
      [post.id, alice.id, '2026-11-20T10:00:00.000Z'],
      [post.id, bob.id, '2026-11-21T10:00:00.000Z'],
      [other.id, alice.id, '2026-11-22T10:00:00.000Z'],
    ]) {
      await sql`insert into post_likes (post_id, user_id, created_at) values (${postId}, ${userId}, ${at})`.execute(db);
      await sql`update posts set like_count = like_count + 1 where id = ${postId}`.execute(db);
    }
    const { rows: before } = await sql`select post_id, user_id, created_at from post_likes order by created_at`.execute(
      db,
    );
    const changesBefore = await changeCount(db);

    expect((await migrator.migrateTo(SAVES)).error).toBeUndefined();
    expect(await schemaNames(db)).toEqual([
      'saves',
      'saves_changed_delete',
      'saves_changed_insert',
      'saves_user',
      'sqlite_autoindex_saves_1',
    ]);
    const { rows: tableSql } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'saves'`.execute(
      db,
    );
    expect(tableSql[0]?.sql).toContain('saves_pk');
    expect(
      await db.selectFrom('saves').select(['post_id', 'user_id', 'created_at']).orderBy('created_at').execute(),
    ).toEqual(before);
    expect(await changeCount(db)).toBe(changesBefore);
    const counts = await db.selectFrom('posts').select(['id', 'save_count']).orderBy('id').execute();
    expect(Object.fromEntries(counts.map((row) => [row.id, row.save_count]))).toEqual({ [post.id]: 2, [other.id]: 1 });

    // The triggers work on the new table: a save and an unsave each tell the saver's devices.
    await db.deleteFrom('saves').where('post_id', '=', other.id).execute();
    await db.insertInto('saves').values({ post_id: other.id, user_id: bob.id, created_at: 'now' }).execute();
    const { rows: notices } = await sql<{ kind: string; user_id: string; is_deleted: number }>`
      select kind, user_id, is_deleted from changes order by seq desc limit 2`.execute(db);
    expect(notices).toEqual([
      { kind: 'saved', user_id: bob.id, is_deleted: 0 },
      { kind: 'saved', user_id: alice.id, is_deleted: 1 },
    ]);
    const plan = await sql<{ detail: string }>`
      explain query plan select post_id from saves where user_id = ${alice.id} order by created_at`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('saves_user');
    // Deleting a post still takes its saves with it.
    await db.deleteFrom('posts').where('id', '=', post.id).execute();
    expect(await db.selectFrom('saves').select('post_id').execute()).toEqual([{ post_id: other.id }]);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect(await schemaNames(db)).toEqual([
      'post_likes',
      'post_likes_user',
      'saved_changed_delete',
      'saved_changed_insert',
      'sqlite_autoindex_post_likes_1',
    ]);
    const { rows: after } = await sql`select post_id, user_id from post_likes`.execute(db);
    expect(after).toEqual([{ post_id: other.id, user_id: bob.id }]);
    const { rows: likeCounts } = await sql`select like_count from posts where id = ${other.id}`.execute(db);
    expect(likeCounts).toEqual([{ like_count: 1 }]);
  });
});
