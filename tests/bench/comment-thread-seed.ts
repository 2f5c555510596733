/**
 * The notification benches' world (notifications-fanout, push-fanout): OU
 * students and a post with one comment by each of them, written directly —
 * the seed is not what the benches time.
 */
import { uuidv7 } from '@campus/shared/ids';
import { plainTextToRichText } from '@campus/shared/rich-text';
import type { Db } from '@campus/sync-server/db/database';

/** `count` verified, set-up OU students, inserted 200 at a time. */
export async function seedUsers(db: Db, count: number, prefix: string): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => uuidv7());
  for (let start = 0; start < ids.length; start += 200) {
    await db
      .insertInto('users')
      .values(
        ids.slice(start, start + 200).map((id, offset) => ({
          id,
          campus_id: 'ou',
          first_name: 'Bench',
          last_name: 'U.',
          username: `${prefix}${start + offset}`,
          email: `${prefix}${start + offset}@ou.edu`,
          verified: 1,
          school_verified: 1,
          school_verified_at: now,
          profile_set_up: 1,
          bio: 'Bench',
          img: '/media/avatars/me.webp',
          created_at: now,
          last_modified: now,
        })),
      )
      .execute();
  }
  return ids;
}

/** A top-level post with one comment by each of `authors`, written directly (the seed is not what is timed). */
export async function seedThread(db: Db, ownerId: string, authors: string[]): Promise<string> {
  const postId = uuidv7();
  const now = new Date().toISOString();
  const text = (plain: string) => ({ text_json: JSON.stringify(plainTextToRichText(plain)), text_plain: plain });
  await db
    .insertInto('posts')
    .values({
      id: postId,
      campus_id: 'ou',
      user_id: ownerId,
      ...text('Desk lamp'),
      created_at: now,
      last_modified: now,
    })
    .execute();
  for (let start = 0; start < authors.length; start += 200) {
    await db
      .insertInto('posts')
      .values(
        authors.slice(start, start + 200).map((userId) => ({
          id: uuidv7(),
          campus_id: 'ou',
          user_id: userId,
          parent_id: postId,
          root_id: postId,
          ...text('Still for sale?'),
          created_at: now,
          last_modified: now,
        })),
      )
      .execute();
  }
  await db.updateTable('posts').set({ comment_count: authors.length }).where('id', '=', postId).execute();
  return postId;
}
