import { GENERIC_MESSAGES } from '@campus/shared/errors';
import type { ProfileDto } from '@campus/shared/profile-api';
import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { AppEnv } from '../http/env.ts';

export function profileRoutes(db: Db) {
  // spec 2 §7 "Lookups: user by … lowercase username", scoped to the campus of the site.
  return new Hono<AppEnv>().get('/:username', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const row = await db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'first_name',
        'last_name',
        'img',
        'bio',
        'verified',
        'school_verified',
        'profile_set_up',
        'total_posts',
        'created_at',
      ])
      .where('username', '=', username)
      .where('campus_id', '=', c.get('campus').id)
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', GENERIC_MESSAGES.notFound);
    const body: ProfileDto = {
      id: row.id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      img: row.img,
      bio: row.bio,
      isVerified: row.verified === 1,
      isSchoolVerified: row.school_verified === 1,
      isProfileSetUp: row.profile_set_up === 1,
      totalPosts: row.total_posts,
      createdAt: row.created_at,
    };
    return c.json(body);
  });
}
