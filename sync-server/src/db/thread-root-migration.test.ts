import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-12-01T1300-active-ads-index';
const AFTER = '2026-12-01T1400-thread-root';

describe('migration 2026-12-01T1400: every comment names its thread (issue 36)', () => {
  it('fills root_id at every depth, writes no change for it, keeps the triggers, and goes back down', async () => {
    const { db, migrator, alice } = await databaseAt(BEFORE);
    const insert = (id: string, parentId: string | null) =>
      sql`insert into posts (id, campus_id, user_id, text_json, text_plain, parent_id, created_at, last_modified)
        values (${id}, 'ou', ${alice.id}, '{}', ${id}, ${parentId}, '2026-11-30T10:00:00.000Z', '2026-11-30T10:00:00.000Z')`.execute(
        db,
      );
    await insert('post-a', null);
    await insert('post-b', null);
    await insert('a1', 'post-a');
    await insert('a1-1', 'a1');
    await insert('a1-1-1', 'a1-1');
    await insert('b1', 'post-b');
    const changes = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from changes`.execute(db)).rows[0]?.n);
    const changesBefore = await changes();

    expect((await migrator.migrateTo(AFTER)).error).toBeUndefined();
    const roots = await sql<{ id: string; root_id: string | null }>`select id, root_id from posts order by id`.execute(
      db,
    );
    expect(roots.rows).toEqual([
      { id: 'a1', root_id: 'post-a' },
      { id: 'a1-1', root_id: 'post-a' },
      { id: 'a1-1-1', root_id: 'post-a' },
      { id: 'b1', root_id: 'post-b' },
      { id: 'post-a', root_id: null },
      { id: 'post-b', root_id: null },
    ]);
    expect(await changes()).toBe(changesBefore);
    // The update trigger is back: an edit is a change again.
    await sql`update posts set text_plain = 'edited' where id = 'a1'`.execute(db);
    expect(await changes()).toBe(changesBefore + 1);
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from posts where root_id = 'post-a'`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('posts_root');

    expect((await migrator.migrateDown()).error).toBeUndefined();
    const columns = await sql<{ name: string }>`select name from pragma_table_info('posts')`.execute(db);
    expect(columns.rows.map((row) => row.name)).not.toContain('root_id');
    expect((await migrator.migrateTo(AFTER)).error).toBeUndefined();
  });
});
