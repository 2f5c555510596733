import type { Db } from '../db/database.ts';

/** spec 2 §7 "Lookups: user by … lowercase username", scoped to the campus of the site. */
export async function findProfileByUsername(db: Db, username: string, campusId: string) {
  return db
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
    .where('username', '=', username.toLowerCase())
    .where('campus_id', '=', campusId)
    .executeTakeFirst();
}
