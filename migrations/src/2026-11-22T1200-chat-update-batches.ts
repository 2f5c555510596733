// Frozen in time: never import application code here (Kysely migrations guide).
import type { Kysely } from 'kysely';

/**
 * Issue 6 performance (decision 016): one chat_updates row per
 * flush instead of one per update. `update_count` is how many Yjs updates
 * the row holds: 1 is the update itself (every row written before, and
 * every snapshot); more are the updates one after another, each prefixed
 * with its length as a lib0 varUint (lib0's writeVarUint8Array).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_updates')
    .addColumn('update_count', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_updates').dropColumn('update_count').execute();
}
