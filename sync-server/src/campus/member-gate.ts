import { POST_MESSAGES } from '@campus/shared/post-rules';
import type { Context } from 'hono';
import type { UserRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { requireViewer } from '../sessions/viewer.middleware.ts';

const REFUSALS = {
  post: POST_MESSAGES.verifyToPost,
  comment: POST_MESSAGES.verifyToComment,
  other: POST_MESSAGES.verifyToContinue,
} as const;

/**
 * spec 2 §5: writing needs login and a verified school e-mail, and here a
 * member of this campus: a student of another school is only a guest, so a
 * UT session on ou.localhost cannot write there. Posting also needs a set-up
 * profile ('Your profile is not complete'). Answers the user every write acts as.
 */
export function requireMember(c: Context<AppEnv>, action: keyof typeof REFUSALS): UserRow {
  const viewer = requireViewer(c);
  const isMember = viewer.campus_id === c.get('campus').id && viewer.verified === 1 && viewer.school_verified === 1;
  if (!isMember) throw new AppError('forbidden', REFUSALS[action]);
  if (action === 'post' && viewer.profile_set_up !== 1) {
    throw new AppError('forbidden', POST_MESSAGES.profileIncomplete);
  }
  return viewer;
}
