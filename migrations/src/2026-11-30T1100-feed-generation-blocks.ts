// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * Issue 25: the feed keeps the pages of viewers with a block in memory too
 * (posts hidden both ways), so a block or an unblock must move the feed's
 * change counter in its own transaction, whichever code writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const event of EVENTS) {
    await sql
      .raw(
        `create trigger feed_generation_blocks_${event} after ${event} on blocks
         begin update feed_generation set n = n + 1 where id = 1; end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of EVENTS) await sql.raw(`drop trigger feed_generation_blocks_${event}`).execute(db);
}
