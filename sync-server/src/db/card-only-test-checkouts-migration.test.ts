import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-12-01T1100-open-checkouts-index';
const AFTER = '2026-12-01T1200-card-only-test-checkouts';

function insertSession(db: Awaited<ReturnType<typeof databaseAt>>['db'], id: string, cents: number, saveCard: number) {
  return sql`insert into test_checkout_sessions (id, ad_id, user_id, amount_cents, success_url, cancel_url, save_card,
      created_at) values (${id}, 'ad', 'user', ${cents}, 'https://ou/s', 'https://ou/c', ${saveCard},
      '2026-12-01T10:00:00.000Z')`.execute(db);
}

describe('migration 2026-12-01T1200: a test checkout that only saves a card', () => {
  it('keeps the sessions there are, takes $0 only to save a card, and goes back down', async () => {
    const { db, migrator } = await databaseAt(BEFORE);
    await insertSession(db, 'cs_paid', 1500, 0);
    await expect(insertSession(db, 'cs_setup_before', 0, 1)).rejects.toThrow(/CHECK/);

    expect((await migrator.migrateTo(AFTER)).error).toBeUndefined();
    await insertSession(db, 'cs_setup', 0, 1);
    await expect(insertSession(db, 'cs_free', 0, 0)).rejects.toThrow(/CHECK/);
    const ids = await sql<{ id: string }>`select id from test_checkout_sessions order by id`.execute(db);
    expect(ids.rows.map((row) => row.id)).toEqual(['cs_paid', 'cs_setup']);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    const left = await sql<{ id: string }>`select id from test_checkout_sessions`.execute(db);
    expect(left.rows.map((row) => row.id)).toEqual(['cs_paid']);
    expect((await migrator.migrateTo(AFTER)).error).toBeUndefined();
  });
});
