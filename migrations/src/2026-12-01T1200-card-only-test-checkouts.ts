// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 3: Available Funds pay day 1 of a run-until-paused boost, and its checkout only
 * saves the card (Stripe's setup mode): a test-mode session may be for $0 when it saves a card.
 * SQLite changes a check only by copying the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, 'amount_cents > 0 or (amount_cents = 0 and save_card = 1)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from test_checkout_sessions where amount_cents = 0`.execute(db);
  await rebuild(db, 'amount_cents > 0');
}

async function rebuild(db: Kysely<unknown>, check: string): Promise<void> {
  await sql`
    create table test_checkout_sessions_next (
      id text primary key,
      ad_id text not null,
      user_id text not null,
      amount_cents integer not null,
      success_url text not null,
      cancel_url text not null,
      save_card integer not null default 0,
      is_paid integer not null default 0,
      created_at text not null,
      check (${sql.raw(check)})
    )`.execute(db);
  await sql`insert into test_checkout_sessions_next select * from test_checkout_sessions`.execute(db);
  await sql`drop table test_checkout_sessions`.execute(db);
  await sql`alter table test_checkout_sessions_next rename to test_checkout_sessions`.execute(db);
}
