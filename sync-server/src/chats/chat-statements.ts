import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The room's once-a-second block re-check as a fixed SQL text (no query builder per check). */
const BLOCKED_EITHER_WAY =
  'select 1 as "blocked" from "blocks" where ("blocker_id" = ? and "blocked_id" = ?) or ("blocker_id" = ? and "blocked_id" = ?) limit 1';

/** blocks.repository.ts's isBlockedEitherWay as a fixed text: the room's once-a-second re-check. */
export async function isEitherMemberBlocked(db: Kysely<Database>, userId: string, otherId: string): Promise<boolean> {
  const result = await db.executeQuery(CompiledQuery.raw(BLOCKED_EITHER_WAY, [userId, otherId, otherId, userId]));
  return result.rows.length > 0;
}
