// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Why an ad stopped when its owner did not stop it: 'payment_failed' when a
 * run-until-paused ad's next day could not be charged (decision 040). My Ads
 * says so, instead of a bare 'Stopped' the student cannot explain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ads add column stop_reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ads drop column stop_reason`.execute(db);
}
