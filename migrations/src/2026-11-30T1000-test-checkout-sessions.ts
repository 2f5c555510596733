// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * The built-in test-mode checkout (decision 041) keeps its sessions and its
 * saved-card charges in the database, as Stripe keeps them on its side: a
 * server restart between 'Boost Post' and 'Pay' no longer leaves the student
 * on a checkout page that answers 404. Only used without Stripe keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table test_checkout_sessions (
      id text primary key,
      ad_id text not null,
      user_id text not null,
      amount_cents integer not null check (amount_cents > 0),
      success_url text not null,
      cancel_url text not null,
      save_card integer not null default 0,
      is_paid integer not null default 0,
      created_at text not null
    )`.execute(db);
  await sql`
    create table test_checkout_charges (
      idempotency_key text primary key,
      payment_intent_id text not null,
      created_at text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table test_checkout_charges`.execute(db);
  await sql`drop table test_checkout_sessions`.execute(db);
}
