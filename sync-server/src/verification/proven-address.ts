import type { UserRow } from '../db/schema.ts';

/**
 * docs/decisions/022: the account's own sign-in address, once its code was
 * entered (verified), is proved; joining a campus with it needs no second code.
 */
export function isProvenAddress(viewer: UserRow, email: string): boolean {
  return viewer.verified === 1 && viewer.email.trim().toLowerCase() === email.trim().toLowerCase();
}
