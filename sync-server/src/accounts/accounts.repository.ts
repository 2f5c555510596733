import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** spec 1 §5: e-mail uniqueness is case-insensitive. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
