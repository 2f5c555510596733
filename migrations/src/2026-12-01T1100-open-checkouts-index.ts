// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 4: every lifecycle pass looks for checkouts left unpaid past their hour. A partial
 * index of the open checkouts keeps that read to those few rows, not every ad ever made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index ads_open_checkouts on ads (created_at)
    where status = 'checkout' and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ads_open_checkouts`.execute(db);
}
