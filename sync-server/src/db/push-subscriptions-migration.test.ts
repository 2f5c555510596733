import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-11-26T1000-notification-mail';
const PUSH = '2026-11-26T1100-push-subscriptions';

async function pushSchema(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where name like '%push%' and name not like 'sqlite_%' order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe('migration 2026-11-26T1100: push subscriptions and the delivery log (decision 034)', () => {
  it('adds the tables, indexes and triggers; a session’s end takes its subscriptions; and goes back down', async () => {
    const { db, migrator, alice } = await databaseAt(BEFORE);
    expect(await pushSchema(db)).toEqual([]);
    expect((await migrator.migrateTo(PUSH)).error).toBeUndefined();
    expect(await pushSchema(db)).toEqual([
      'notifications_push_insert',
      'notifications_push_update',
      'push_deliveries',
      'push_subscriptions',
      'push_subscriptions_session',
      'push_subscriptions_user',
    ]);
    const at = new Date().toISOString();
    await sql`insert into sessions (id, user_id, expires_at, created_at) values ('s1', ${alice.id}, ${Date.now() + 60_000}, ${at})`.execute(
      db,
    );
    await sql`insert into push_subscriptions (id, endpoint, p256dh, auth, user_id, campus_id, session_id, created_at)
      values ('p1', 'https://push.example.test/1', 'k', 'a', ${alice.id}, 'ou', 's1', ${at})`.execute(db);
    await sql`delete from sessions where id = 's1'`.execute(db);
    const { rows } = await sql<{ count: number }>`select count(*) as count from push_subscriptions`.execute(db);
    expect(rows[0]?.count).toBe(0);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await pushSchema(db)).toEqual([]);
  });
});
