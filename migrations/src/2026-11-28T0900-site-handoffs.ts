// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Decision 042: one sign-in across the campus sites. Each site keeps its own
 * host-only session cookie; a signed-in student who opens another campus's
 * site ('Visit As Guest', 'Visit Your Campus') carries a single-use hand-off
 * token there, valid for a minute and for that one campus. Only the token's
 * SHA-256 is stored, as for mailed links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_handoffs (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      campus_id text not null references campuses (id),
      expires_at integer not null,
      used_at integer,
      created_at integer not null
    )`.execute(db);
  await sql`create index site_handoffs_expires on site_handoffs (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table site_handoffs`.execute(db);
}
