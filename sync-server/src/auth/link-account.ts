import { ACCOUNT_MESSAGES, baseUsername, splitFullName } from '@campus/shared/account-rules';
import { linkFullName } from '@campus/shared/email-link-rules';
import type { Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { refuseSignUpOverCap } from '../limits/mail-limits.ts';
import { findUserByEmail, insertUserWithFreeUsername, isUniqueViolation } from '../users/users.repository.ts';
import { consumeEmailToken, revokeEmailTokens } from './email-tokens.ts';
import { clearSignInLocks } from './sign-in-limits.ts';

export interface LinkOpening {
  email: string;
  token: string;
  first?: string | undefined;
  last?: string | undefined;
}

/** spec 1 §2: every bad link gets the one answer, and the page sends the student to /login or /register?redirect=true. */
function wrongLink(): AppError {
  return new AppError('bad_request', [{ msg: ACCOUNT_MESSAGES.wrongEmailLink, field: 'email' }]);
}

/**
 * The account a mailed sign-in link opens (spec 1 §2, decision 026). The
 * token is bound to its e-mail: typed with another address it is refused and
 * stays unused. An address without an account registers a verified student
 * with the link's names, when they pass the sign-up form's rules; an
 * unverified account is taken over by whoever proved its address.
 */
export async function openLinkAccount(context: AppContext, c: Context<AppEnv>, link: LinkOpening): Promise<UserRow> {
  const { db } = context;
  const existing = await findUserByEmail(db, link.email);
  const fullName = existing ? null : linkFullName(link.first ?? '', link.last ?? '');
  if (!existing) {
    if (!fullName) throw wrongLink();
    refuseSignUpOverCap(context, c);
  }
  if (!(await consumeEmailToken(db, 'sign in', link.token, link.email))) throw wrongLink();
  const user = existing ?? (fullName ? await registerFromLink(context, c, link.email, fullName) : undefined);
  if (!user) throw wrongLink();
  return user.verified ? user : takeOver(context, user);
}

async function registerFromLink(
  context: AppContext,
  c: Context<AppEnv>,
  email: string,
  fullName: string,
): Promise<UserRow | undefined> {
  const { firstName, lastName } = splitFullName(fullName);
  const account = {
    campusId: c.get('campus').id,
    firstName,
    lastName,
    email,
    passwordHash: null,
    // The link proves the address, as the code would (spec 1 §4 'verify user').
    isVerified: true,
  };
  try {
    return await insertUserWithFreeUsername(context.db, account, baseUsername(firstName, lastName), '');
  } catch (error) {
    // Another link or a sign-up made the account meanwhile: the address is proved, so this opens it.
    if (isUniqueViolation(error, 'users_email_unique')) return findUserByEmail(context.db, email);
    throw error;
  }
}

/**
 * An unverified account's password and sessions were set by someone who never
 * proved the address (a squatter, or its owner before the proof). The link
 * proves it: the account is verified, its password cleared, its other
 * sessions and links ended. 'Forgot password' sets a new password.
 */
async function takeOver(context: AppContext, user: UserRow): Promise<UserRow> {
  const lastModified = new Date().toISOString();
  await context.db
    .updateTable('users')
    .set({ verified: 1, password_hash: null, last_modified: lastModified })
    .where('id', '=', user.id)
    .execute();
  await revokeEmailTokens(context.db, user.email);
  await context.sessionSockets.endUserSessions(user.id);
  clearSignInLocks(context, user.email);
  return { ...user, verified: 1, password_hash: null, last_modified: lastModified };
}
