import { USER_SEARCH_MIN_CHARS, type UserSearchDto } from '@campus/shared/chat-api';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { requireMember } from '../posts/member-gate.ts';
import { toAuthorDto } from '../posts/posts.mapper.ts';

const MAX_RESULTS = 10;
const MAX_QUERY = 50;

/** `q` as a LIKE prefix pattern, its own % and _ taken literally. */
function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The new-message user search (spec 1 §4 "starts at 2 characters", §6
 * "Users can only message and search users of the same campus"): school-
 * verified members of this campus whose username, first or last name (or
 * full name) starts with `q`, case-insensitively; never the viewer, nobody
 * blocked either way. Mounted at /api/users.
 */
export function userSearchRoutes(db: Db) {
  return new Hono<AppEnv>().get('/search', async (c) => {
    const viewer = requireMember(c, 'other');
    const q = (c.req.query('q') ?? '').trim().slice(0, MAX_QUERY);
    c.header('Cache-Control', 'private, no-cache');
    if (q.length < USER_SEARCH_MIN_CHARS) return c.json({ users: [] } satisfies UserSearchDto);
    const pattern = prefixPattern(q);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'first_name', 'last_name', 'img', 'verified', 'school_verified'])
      .where('campus_id', '=', c.get('campus').id)
      .where('school_verified', '=', 1)
      .where('id', '!=', viewer.id)
      .where(notBlockedWith(viewer.id, 'users.id'))
      .where(
        sql<boolean>`(username like ${pattern} escape '\\' or first_name like ${pattern} escape '\\'
          or last_name like ${pattern} escape '\\' or first_name || ' ' || last_name like ${pattern} escape '\\')`,
      )
      .orderBy('username')
      .limit(MAX_RESULTS)
      .execute();
    const body: UserSearchDto = { users: rows.map(toAuthorDto) };
    return c.json(body);
  });
}
