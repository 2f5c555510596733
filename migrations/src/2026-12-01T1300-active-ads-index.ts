// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Every lifecycle pass (each minute) reads the running ads of every campus. The ads_running index
 * leads with the campus, so that read scanned every ad ever made; a partial index of the active
 * ones keeps it to those rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ads_active on ads (end_time_adjusted) where status = 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ads_active`.execute(db);
}
