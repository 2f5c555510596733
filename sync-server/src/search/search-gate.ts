import { SEARCH_SIGN_IN_MESSAGE, SEARCH_VERIFY_MESSAGE, searchAccessOf } from '@campus/shared/search-rules';
import type { Context } from 'hono';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';

/**
 * spec 2 §2: "A logged-out visitor on a private campus who searches gets the
 * auth modal. A user not school-verified is sent to /settings/account/school_email;
 * an unverified user to /verify." Checked before anything is read (decision 035).
 */
export function requireSearcher(c: Context<AppEnv>): void {
  const viewer = c.get('viewer');
  const searcher = viewer && { isVerified: viewer.verified === 1, isSchoolVerified: viewer.school_verified === 1 };
  const access = searchAccessOf(c.get('campus').privacy, searcher);
  if (access === 'sign-in') throw new AppError('unauthorized', SEARCH_SIGN_IN_MESSAGE);
  if (access === 'verify') throw new AppError('not_verified', SEARCH_VERIFY_MESSAGE);
  if (access === 'school-email') throw new AppError('school_email_required', SEARCH_VERIFY_MESSAGE);
}
