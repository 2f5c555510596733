import type { MessageDto } from '@campus/shared/post-api';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { reportUserRequestSchema } from '@campus/shared/report-requests';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { requireOtherCampusUser } from '../blocks/campus-user.ts';
import { requireMember } from '../campus/member-gate.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/validate.ts';
import { insertReport } from './reports.repository.ts';

/**
 * spec 2 §2 Profile 'Report', stored with reporter and reason for an
 * operator (issue 4); the unique (reporter, user) pair makes a second
 * report a 409. Mounted at /api/users.
 */
export function reportRoutes(context: AppContext) {
  const { db } = context;
  return new Hono<AppEnv>().post('/:id/report', async (c) => {
    const viewer = requireMember(c, 'other');
    const { reason } = await readJson(c, reportUserRequestSchema);
    const id = c.req.param('id');
    const reportedId = await requireOtherCampusUser(
      db,
      c.get('campus').id,
      viewer.id,
      id,
      POST_MESSAGES.cannotReportSelf,
    );
    const isStored = await insertReport(db, { reporterId: viewer.id, reportedUserId: reportedId, reason });
    if (!isStored) throw new AppError('conflict', POST_MESSAGES.alreadyReported);
    const body: MessageDto = { msg: POST_MESSAGES.userReported };
    return c.json(body, 201);
  });
}
