import { uuidv7 } from '@campus/shared/ids';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A campus's account by its username (claim-link.routes.ts): only what a claim needs to know. */
export async function findCampusAccountByUsername(
  db: Db,
  campusId: string,
  username: string,
): Promise<{ id: string; email: string; verified: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'verified'])
    .where('username', '=', username.toLowerCase())
    .where('campus_id', '=', campusId)
    .executeTakeFirst();
}

/** Who holds a school e-mail already, if anyone (one school address, one account). */
export async function findSchoolEmailHolder(db: Db, schoolEmail: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('users').select('id').where('school_email', '=', schoolEmail).executeTakeFirst();
}

/** A password reset's new hash; the caller ends the sessions and links. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, last_modified: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('username', '=', username.toLowerCase());
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The first free username from `base` (spec 1 §5): registration tries
 * base, base2, base3…; Google sign-in base, base-2, base-3….
 */
async function freeUsername(db: Db, base: string, separator: '' | '-'): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('users')
        .select('username')
        .where((eb) => eb.or([eb('username', '=', base), eb('username', 'like', `${base}${separator}%`)]))
        .execute()
    ).map((row) => row.username),
  );
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}${separator}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface NewAccount {
  campusId: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  passwordHash: string | null;
  isVerified: boolean;
}

/** spec 1 §4/§9 new-user defaults: unverified unless proven, email_notifications on, funds 0. */
async function insertUser(db: Db, account: NewAccount): Promise<UserRow> {
  const now = new Date().toISOString();
  const id = uuidv7();
  await db
    .insertInto('users')
    .values({
      id,
      campus_id: account.campusId,
      first_name: account.firstName,
      last_name: account.lastName,
      username: account.username,
      email: account.email.trim(),
      password_hash: account.passwordHash,
      verified: account.isVerified ? 1 : 0,
      created_at: now,
      last_modified: now,
    })
    .execute();
  const user = await findUserById(db, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

/** True for SQLite's unique-constraint failure on `target` (an index name or table.column). */
export function isUniqueViolation(error: unknown, target: string): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(target)
  );
}

/**
 * A new account under the first free username from `base` (spec 1 §5). The
 * look-up and the insert are separate queries, so two people signing up as
 * the same name at once can pick the same one: the loser moves to the next.
 */
export async function insertUserWithFreeUsername(
  db: Db,
  account: Omit<NewAccount, 'username'>,
  base: string,
  separator: '' | '-',
): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(db, base, separator);
    try {
      return await insertUser(db, { ...account, username });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'users.username')) throw error;
    }
  }
}
