import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import type { Db } from './database.ts';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-11-28T0900-site-handoffs';
const ADS = '2026-11-28T1000-ads';

async function adsSchema(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master
    where (name like 'ad%' or name like 'stripe%' or name like 'post_analytics%') and name not like 'sqlite_%'
    order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe('migration 2026-11-28T1000: ads, the money ledger and Stripe events (decision 040)', () => {
  it('adds the tables and indexes, keeps money whole and each day paid once, and goes back down', async () => {
    const { db, migrator, alice } = await databaseAt(BEFORE);
    expect(await adsSchema(db)).toEqual([]);
    expect((await migrator.migrateTo(ADS)).error).toBeUndefined();
    expect(await adsSchema(db)).toEqual([
      'ad_charges',
      'ad_charges_day',
      'ad_charges_user',
      'ads',
      'ads_post',
      'ads_running',
      'ads_user',
      'post_analytics',
      'stripe_events',
    ]);
    const post = await createPost(db, { user_id: alice.id });
    const at = new Date().toISOString();
    await sql`insert into ads (id, campus_id, user_id, post_id, title, status, cta_type, duration_minutes,
      amount_budgeted, created_at, last_modified)
      values ('a1', 'ou', ${alice.id}, ${post.id}, 'Bike', 'checkout', 'message', 1440, 500, ${at}, ${at})`.execute(db);
    const { rows } = await sql<{ total_spent: number; targeting_json: string }>`
      select total_spent, targeting_json from ads`.execute(db);
    expect(rows).toEqual([{ total_spent: 0, targeting_json: '{"locations":[],"interests":[],"school_years":[]}' }]);
    await expect(sql`update ads set status = 'running' where id = 'a1'`.execute(db)).rejects.toThrow(/CHECK/);
    await expect(sql`update ads set total_spent = -1 where id = 'a1'`.execute(db)).rejects.toThrow(/CHECK/);
    const charge = (id: string, kind: string, day: number | null, stripeId: string | null) =>
      sql`insert into ad_charges (id, user_id, campus_id, ad_id, kind, amount, stripe_id, covers_day, created_at)
        values (${id}, ${alice.id}, 'ou', 'a1', ${kind}, 500, ${stripeId}, ${day}, 0)`.execute(db);
    await charge('c1', 'stripe_payment', 2, 'pi_1');
    await expect(charge('c2', 'funds_drawn', 2, null)).rejects.toThrow(/UNIQUE/);
    await expect(charge('c3', 'stripe_payment', 3, 'pi_1')).rejects.toThrow(/UNIQUE/);
    await charge('c4', 'funds_credited', null, null);
    await charge('c5', 'funds_credited', null, null);
    // Deleting the post leaves the money record.
    await db.deleteFrom('posts').where('id', '=', post.id).execute();
    expect(await db.selectFrom('ads').select('id').execute()).toEqual([{ id: 'a1' }]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect(await adsSchema(db)).toEqual([]);
  });
});
