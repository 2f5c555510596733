import { baseUsername, lastNameInitial, parseDisplayName } from '@campus/shared/account-rules';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { findUserByEmail, findUserById, insertUserWithFreeUsername } from '../../users/users.repository.ts';
import type { GoogleIdentity } from './google-client.ts';

const PROVIDER = 'google';

async function findLinkedUser(db: Db, sub: string): Promise<UserRow | undefined> {
  const link = await db
    .selectFrom('oauth_accounts')
    .select('user_id')
    .where('provider', '=', PROVIDER)
    .where('provider_user_id', '=', sub)
    .executeTakeFirst();
  return link ? findUserById(db, link.user_id) : undefined;
}

async function linkGoogleAccount(db: Db, sub: string, userId: string): Promise<void> {
  await db
    .insertInto('oauth_accounts')
    .values({ provider: PROVIDER, provider_user_id: sub, user_id: userId, created_at: new Date().toISOString() })
    // Two callbacks of the same person racing: the first link wins, the second is the same fact.
    .onConflict((conflict) => conflict.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
}

/** spec 1 §5 Google rule: first + last name lowercased (alphanumerics), suffixed -2, -3 until free. */
function googleAccount(identity: GoogleIdentity & { email: string }, campusId: string) {
  const { firstName, lastName } = parseDisplayName(identity.name);
  return {
    account: {
      campusId,
      firstName,
      lastName: lastNameInitial(lastName),
      email: identity.email,
      passwordHash: null,
      // spec 1 §4: Google has proven the address, so the account starts verified.
      isVerified: true,
    },
    base: baseUsername(firstName, lastName),
  };
}

/**
 * The account a Google identity signs in to: the one already linked to its
 * `sub` (the e-mail may have changed since), else the account with its
 * e-mail (now linked and, since Google proved the address, verified), else a
 * new account on this site's campus.
 */
export async function findOrCreateGoogleUser(
  db: Db,
  identity: GoogleIdentity & { email: string },
  campusId: string,
): Promise<UserRow> {
  const linked = await findLinkedUser(db, identity.sub);
  if (linked) return linked;
  // One transaction: a user row without its link would be found by e-mail next time, but not by sub.
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, identity.email);
    if (existing) {
      await linkGoogleAccount(trx, identity.sub, existing.id);
      if (existing.verified) return existing;
      const now = new Date().toISOString();
      await trx.updateTable('users').set({ verified: 1, last_modified: now }).where('id', '=', existing.id).execute();
      return { ...existing, verified: 1, last_modified: now };
    }
    const { account, base } = googleAccount(identity, campusId);
    const user = await insertUserWithFreeUsername(trx, account, base, '-');
    await linkGoogleAccount(trx, identity.sub, user.id);
    return user;
  });
}
