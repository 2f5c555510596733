import {
  type CampusAboutDto,
  NEW_MEMBERS_FIRST_PAGE_SIZE,
  NEW_MEMBERS_PAGE_SIZE,
  type NewMembersPageDto,
} from '@campus/shared/about-api';
import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';
import { decodePageCursor, nextCursorOf, type PageCursor } from '../posts/page-cursor.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import { activityWindowsAt, countCampusActivity, findNewMembers } from './about.repository.ts';

const MAX_CURSOR_LENGTH = 500;

function positionOf(member: { id: string; school_verified_at: string | null }): PageCursor {
  // The query keeps only rows with school_verified_at set.
  return { at: member.school_verified_at ?? '', id: member.id };
}

/** GET /api/campus/about and /api/campus/new-members (spec 2 §2 About tab). Mounted under /campus. */
export function aboutRoutes({ db }: AppContext) {
  return new Hono<AppEnv>()
    .get('/about', async (c) => {
      const campusId = c.get('campus').id;
      const viewerId = c.get('viewer')?.id ?? null;
      const [counts, members] = await Promise.all([
        countCampusActivity(db, campusId, activityWindowsAt(new Date())),
        findNewMembers(db, campusId, NEW_MEMBERS_FIRST_PAGE_SIZE, null, viewerId),
      ]);
      const body: CampusAboutDto = {
        ...counts,
        newMembers: members.map(toAuthorDto),
        newMembersCursor: nextCursorOf(members, NEW_MEMBERS_FIRST_PAGE_SIZE, positionOf),
      };
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    })
    .get('/new-members', async (c) => {
      const cursor = c.req.query('cursor');
      if (cursor !== undefined && cursor.length > MAX_CURSOR_LENGTH) {
        throw new AppError('bad_request', [{ msg: 'The members cursor is not valid.', field: 'cursor' }]);
      }
      const members = await findNewMembers(
        db,
        c.get('campus').id,
        NEW_MEMBERS_PAGE_SIZE,
        cursor ? decodePageCursor(cursor, 'members') : null,
        c.get('viewer')?.id ?? null,
      );
      const body: NewMembersPageDto = {
        members: members.map(toAuthorDto),
        nextCursor: nextCursorOf(members, NEW_MEMBERS_PAGE_SIZE, positionOf),
      };
      c.header('Cache-Control', 'private, no-cache');
      return c.json(body);
    });
}
