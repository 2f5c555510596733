import type { Db } from '../db/database.ts';
import { generateSessionToken, hashToken } from '../sessions/session.ts';

const LINK_TTL_MS = 60 * 60 * 1000;
export type EmailTokenPurpose = 'sign in' | 'reset password';

/** A single-use token for a mailed link; only its hash is stored. */
export async function createEmailToken(db: Db, purpose: EmailTokenPurpose, email: string, campusId: string) {
  const token = generateSessionToken();
  const now = Date.now();
  await db
    .insertInto('email_tokens')
    .values({
      id: hashToken(token),
      purpose,
      email: email.trim().toLowerCase(),
      campus_id: campusId,
      expires_at: now + LINK_TTL_MS,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * Ends every link still outstanding for `email` (a reset or a password
 * change): a link mailed before cannot undo the change or sign in behind it.
 */
export async function revokeEmailTokens(db: Db, email: string): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: Date.now() })
    .where('email', '=', email.trim().toLowerCase())
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Marks the token used and answers its e-mail, or null when it is unknown,
 * expired, already used, for another purpose, or (given `email`) bound to
 * another address, which leaves it unused: a typo on another device does not
 * spend the link. The update is the check, so two simultaneous uses cannot
 * both succeed.
 */
export async function consumeEmailToken(
  db: Db,
  purpose: EmailTokenPurpose,
  token: string,
  email?: string,
): Promise<string | null> {
  const now = Date.now();
  let query = db.updateTable('email_tokens');
  if (email !== undefined) query = query.where('email', '=', email.trim().toLowerCase());
  const row = await query
    .set({ used_at: now })
    .where('id', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}
