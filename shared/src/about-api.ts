/** Payloads of the About tab and the Photos tab (spec 2 §2 Media tab, About tab; §7 Counts, Recent members). */
import type { AuthorDto } from './post-api.ts';

/** GET /api/campus/about: the activity panel and the first 'New to the group' members. */
export interface CampusAboutDto {
  /** Users of the campus with school_verified (spec 2 §2). */
  memberCount: number;
  /** Members school-verified in the last 7 days. */
  newMembersWeek: number;
  /** Top-level posts created in the last 7 days. */
  postsWeek: number;
  /** Top-level posts created in the last month. */
  postsMonth: number;
  /** The newest school-verified members, newest first (first page of 3). */
  newMembers: AuthorDto[];
  /** Pass to GET /api/campus/new-members?cursor= for 'See more'; null when there are no more. */
  newMembersCursor: string | null;
}

/** GET /api/campus/new-members?cursor=: later pages of 'New to the group'. */
export interface NewMembersPageDto {
  members: AuthorDto[];
  /** Opaque; null at the end. */
  nextCursor: string | null;
}

/** spec 2 §9: "new members page 3 then 6". */
export const NEW_MEMBERS_FIRST_PAGE_SIZE = 3;
export const NEW_MEMBERS_PAGE_SIZE = 6;

/** spec 2 §7 Media feed: page 15. */
export const MEDIA_PAGE_SIZE = 15;

/** spec 2 §2: the Photos grid loads the next page within 251 px of the bottom. */
export const MEDIA_LOAD_MORE_DISTANCE_PX = 251;
