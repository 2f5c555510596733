// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 23 (decisions 040, 041): paid boosts.
 *
 * `ads`: spec 3 §3 Ad, campus-scoped, money in integer cents, run times in
 * epoch milliseconds (the lifecycle does arithmetic on them). `post_id` has
 * no foreign key: an ad is a money record and outlives its post. A deleted
 * ad keeps its row (`deleted_at`), for the same reason.
 *
 * `ad_charges`: the ledger, one row per amount a student was charged through
 * Stripe or moved in or out of Available Funds, with its Stripe id. A Stripe
 * payment is recorded once (unique `stripe_id`); a run-until-paused day is
 * paid once (unique `ad_id, covers_day` among payments and draws).
 *
 * `stripe_events`: each webhook event applied once.
 *
 * `post_analytics`: spec 3 §7 trackPostAnalytics, one row per action per
 * post per page view per viewer (a user id, or `ip:` and the address for a
 * visitor): the unique key makes a retried or late action count once.
 *
 * `users.available_funds` (cents, default 0) exists since the first migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ads (
      id text primary key,
      campus_id text not null references campuses (id),
      user_id text not null references users (id),
      post_id text not null,
      title text not null,
      status text not null check (status in
        ('checkout', 'in review', 'scheduled', 'active', 'paused', 'stopped', 'completed', 'rejected')),
      cta_type text not null check (cta_type in ('website', 'message')),
      cta_url text,
      cta_label text,
      targeting_json text not null default '{"locations":[],"interests":[],"school_years":[]}',
      duration_minutes integer not null check (duration_minutes > 0),
      amount_budgeted integer not null check (amount_budgeted > 0),
      total_spent integer not null default 0 check (total_spent >= 0),
      run_until_pause integer not null default 0,
      start_time integer,
      end_time_adjusted integer,
      paused_at integer,
      time_paused integer not null default 0,
      ended_at integer,
      last_charged_at integer,
      payment_id text,
      checkout_session_id text unique,
      checkout_amount integer not null default 0 check (checkout_amount >= 0),
      funds_applied integer not null default 0 check (funds_applied >= 0),
      stripe_customer_id text,
      stripe_payment_method_id text,
      deleted_at text,
      created_at text not null,
      last_modified text not null
    )`.execute(db);
  await sql`create index ads_user on ads (user_id, created_at desc)`.execute(db);
  await sql`create index ads_post on ads (post_id)`.execute(db);
  await sql`create index ads_running on ads (campus_id, status, end_time_adjusted)`.execute(db);

  await sql`
    create table ad_charges (
      id text primary key,
      user_id text not null references users (id),
      campus_id text not null references campuses (id),
      ad_id text not null references ads (id),
      kind text not null check (kind in ('stripe_payment', 'funds_drawn', 'funds_credited', 'funds_returned')),
      amount integer not null check (amount > 0),
      stripe_id text unique,
      covers_day integer,
      created_at integer not null
    )`.execute(db);
  await sql`create index ad_charges_user on ad_charges (user_id, created_at)`.execute(db);
  await sql`create unique index ad_charges_day on ad_charges (ad_id, covers_day)
    where covers_day is not null and kind in ('stripe_payment', 'funds_drawn')`.execute(db);

  await sql`
    create table post_analytics (
      post_id text not null,
      action text not null check (action in
        ('view', 'direct_message', 'copied_link', 'external_link_click', 'profile_visit')),
      viewer_key text not null,
      page_view_id text not null,
      created_at text not null,
      primary key (post_id, action, viewer_key, page_view_id)
    ) without rowid`.execute(db);

  await sql`
    create table stripe_events (
      id text primary key,
      type text not null,
      received_at text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table post_analytics`.execute(db);
  await sql`drop table stripe_events`.execute(db);
  await sql`drop table ad_charges`.execute(db);
  await sql`drop table ads`.execute(db);
}
