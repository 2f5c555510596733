import { USER_SEARCH_MIN_CHARS, type UserSearchDto } from '@campus/shared/chat-api';
import { Hono } from 'hono';
import { requireMember } from '../campus/member-gate.ts';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import { searchCampusMembers } from './chats.repository.ts';

const MAX_QUERY = 50;

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
    const rows = await searchCampusMembers(db, { campusId: c.get('campus').id, viewerId: viewer.id, prefix: q });
    const body: UserSearchDto = { users: rows.map(toAuthorDto) };
    return c.json(body);
  });
}
