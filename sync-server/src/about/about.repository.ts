import { sql } from 'kysely';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { afterCursor, type PageCursor } from '../posts/page-cursor.ts';

export interface ActivityWindows {
  /** ISO time 7 days before now. */
  weekStart: string;
  /** ISO time one calendar month before now. */
  monthStart: string;
}

/** spec 2 §9: "activity windows 7 days and 1 month", measured back from `now`. */
export function activityWindowsAt(now: Date): ActivityWindows {
  const week = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const month = new Date(now.getTime());
  month.setUTCMonth(month.getUTCMonth() - 1);
  return { weekStart: week.toISOString(), monthStart: month.toISOString() };
}

/**
 * spec 2 §2/§7 Counts in one round trip: members (school_verified users of
 * the campus), members school-verified in the week, and top-level posts made
 * in the week and the month. 'new user' join notices are not counted as
 * posts: the new-member count already says who joined.
 */
export async function countCampusActivity(db: Db, campusId: string, windows: ActivityWindows) {
  const members = (since: string | null) =>
    sql<number>`(select count(*) from users
      where campus_id = ${campusId} and school_verified = 1
      ${since === null ? sql`` : sql`and school_verified_at >= ${since}`})`;
  const posts = (since: string) =>
    sql<number>`(select count(*) from posts
      where campus_id = ${campusId} and parent_id is null and type = 'post' and created_at >= ${since})`;
  const row = await db
    .selectNoFrom([
      members(null).as('member_count'),
      members(windows.weekStart).as('new_members_week'),
      posts(windows.weekStart).as('posts_week'),
      posts(windows.monthStart).as('posts_month'),
    ])
    .executeTakeFirstOrThrow();
  return {
    memberCount: Number(row.member_count),
    newMembersWeek: Number(row.new_members_week),
    postsWeek: Number(row.posts_week),
    postsMonth: Number(row.posts_month),
  };
}

/**
 * spec 2 §7 Recent members: school-verified users of the campus, newest
 * verification first (id breaks ties), one page after `after`. A signed-in
 * viewer does not see people on either side of a block.
 */
export async function findNewMembers(
  db: Db,
  campusId: string,
  limit: number,
  after: PageCursor | null,
  viewerId: string | null,
) {
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'img', 'verified', 'school_verified', 'school_verified_at'])
    .where('campus_id', '=', campusId)
    .where('school_verified', '=', 1)
    .where('school_verified_at', 'is not', null)
    .orderBy('school_verified_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (viewerId !== null) query = query.where(notBlockedWith(viewerId, 'users.id'));
  if (after) query = query.where(afterCursor('school_verified_at', 'id', after));
  return query.execute();
}
