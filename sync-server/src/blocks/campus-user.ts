import { POST_MESSAGES } from '@campus/shared/post-rules';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The other user of a block or report: never the actor, and only someone of
 * this campus (a user elsewhere is as missing as one who never existed).
 */
export async function requireOtherCampusUser(
  db: Db,
  campusId: string,
  actorId: string,
  userId: string,
  selfMessage: string,
): Promise<string> {
  if (userId === actorId) throw new AppError('validation_failed', selfMessage);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('campus_id', '=', campusId)
    .executeTakeFirst();
  if (!user) throw new AppError('not_found', POST_MESSAGES.profileMissing);
  return user.id;
}
