import type { Db } from '../db/database.ts';
import { generateSessionToken, hashToken } from '../sessions/session.ts';

/** Long enough for a new tab to open and load the app on a slow phone; short enough to be useless later. */
const SITE_HANDOFF_TTL_MS = 2 * 60 * 1000;

/**
 * A single-use token that signs `userId` in on `campusId`'s site (decision 042);
 * only its hash is stored. Tokens past their minute are swept on the way.
 */
export async function createSiteHandoff(db: Db, userId: string, campusId: string, now = Date.now()): Promise<string> {
  const token = generateSessionToken();
  await db.deleteFrom('site_handoffs').where('expires_at', '<=', now).execute();
  await db
    .insertInto('site_handoffs')
    .values({
      id: hashToken(token),
      user_id: userId,
      campus_id: campusId,
      expires_at: now + SITE_HANDOFF_TTL_MS,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Marks the token used and answers its user's id, or null when it is unknown,
 * expired, used, or made for another campus's site (which leaves it unused).
 * The update is the check, so two simultaneous uses cannot both succeed.
 */
export async function consumeSiteHandoff(
  db: Db,
  token: string,
  campusId: string,
  now = Date.now(),
): Promise<string | null> {
  const row = await db
    .updateTable('site_handoffs')
    .set({ used_at: now })
    .where('id', '=', hashToken(token))
    .where('campus_id', '=', campusId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
