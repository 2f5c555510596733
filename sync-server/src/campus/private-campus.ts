import { canReadGatedContent, PRIVATE_CAMPUS_MESSAGE } from '@campus/shared/campus-access';
import type { Context } from 'hono';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';

/**
 * spec 2 §1, §6 "Private campus: only joined members see content": throws the
 * 403 `private_campus` envelope when this campus is private and the viewer is
 * not school-verified (a visitor, or a student who has not joined a school).
 * What it guards, and why guests of other schools pass: docs/decisions/012.
 */
export function requireCampusReader(c: Context<AppEnv>): void {
  const viewer = c.get('viewer');
  const reader = viewer && { isVerified: viewer.verified === 1, isSchoolVerified: viewer.school_verified === 1 };
  if (!canReadGatedContent(c.get('campus').privacy, reader)) {
    throw new AppError('private_campus', PRIVATE_CAMPUS_MESSAGE);
  }
}
