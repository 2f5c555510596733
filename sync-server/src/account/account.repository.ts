import type { Db } from '../db/database.ts';
import type { UpdateableUserRow } from '../db/schema.ts';

/** Writes the given columns of the user's own row (settings, profile edit), stamping `last_modified`. */
export async function updateAccount(db: Db, userId: string, values: UpdateableUserRow): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, last_modified: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}
