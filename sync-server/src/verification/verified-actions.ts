import type { VerificationAction } from '@campus/shared/account-rules';
import { ACCOUNT_MESSAGES } from '@campus/shared/account-rules';
import type { CampusDefinition } from '@campus/shared/campuses';
import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import type { MatchedCode } from './verification.service.ts';

export interface VerifiedOutcome {
  redirectTo: string;
  campusId?: string;
}

/** The 'new user' join announcement of spec 1 §4 ('verify school'). */
function joinPostText(user: UserRow): string {
  return `${user.first_name} ${user.last_name} joined the group`;
}

/** spec 1 §4: apply a verified action and say where the user goes next. */
export async function applyVerifiedAction(
  db: Db,
  user: UserRow,
  action: VerificationAction,
  matched: MatchedCode,
  site: CampusDefinition,
): Promise<VerifiedOutcome> {
  const now = new Date().toISOString();
  if (action === 'verify user') {
    await db.updateTable('users').set({ verified: 1, last_modified: now }).where('id', '=', user.id).execute();
    if (site.isGeneric) return { redirectTo: '/search_schools' };
    return { redirectTo: user.school_verified ? '/home' : '/settings/account/school_email' };
  }
  if (action === 'change email') {
    const holder = await findUserByEmail(db, matched.email);
    if (holder && holder.id !== user.id)
      throw new AppError('conflict', [{ msg: ACCOUNT_MESSAGES.emailTaken, field: 'email' }]);
    await db.updateTable('users').set({ email: matched.email, last_modified: now }).where('id', '=', user.id).execute();
    return { redirectTo: '/settings/account/email' };
  }
  const campusId = matched.campusId ?? user.campus_id;
  await db.transaction().execute(async (trx) => {
    // Read inside the transaction: two joins at once (a double tap) announce once.
    const before = await trx
      .selectFrom('users')
      .select('school_verified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        school_verified: 1,
        school_email: matched.email,
        campus_id: campusId,
        school_verified_at: now,
        last_modified: now,
      })
      .where('id', '=', user.id)
      .execute();
    // A student re-verifying (a new school e-mail) is not announced twice.
    if (before.school_verified) return;
    const text = joinPostText(user);
    await trx
      .insertInto('posts')
      .values({
        id: uuidv7(),
        campus_id: campusId,
        user_id: user.id,
        type: 'new user',
        text_json: JSON.stringify(plainTextToRichText(text)),
        text_plain: text,
        category: null,
        price: null,
        parent_id: null,
        created_at: now,
        last_modified: now,
      })
      .execute();
  });
  // spec 1 §4: the generic site goes on to the school finder; a campus site to its feed.
  return site.isGeneric ? { redirectTo: '/search_schools', campusId } : { redirectTo: '/home' };
}
