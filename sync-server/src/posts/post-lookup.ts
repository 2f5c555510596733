import { POST_MESSAGES } from '@campus/shared/post-rules';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../db/database.ts';
import type { PostRow } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { PostCardRow } from './post-card-query.ts';
import { findPostCard, isDeletedPost } from './posts.repository.ts';

/**
 * spec 2 §2: 'Sorry, that post has been deleted.' for a tombstone, the
 * missing-page text otherwise. A 410 has no ErrorCode yet, so it travels as
 * an HTTPException; onError still answers the envelope with this msg.
 */
async function missingPost(db: Db, campusId: string, id: string): Promise<Error> {
  if (await isDeletedPost(db, campusId, id)) return new HTTPException(410, { message: POST_MESSAGES.postGone });
  return new AppError('not_found', POST_MESSAGES.postMissing);
}

/** The post or comment as this viewer may see it (blocked authors are missing), or the 404 / 410. */
export async function requirePostCard(
  db: Db,
  campusId: string,
  id: string,
  viewerId: string | null,
): Promise<PostCardRow> {
  const row = await findPostCard(db, campusId, id, viewerId);
  if (row) return row;
  throw await missingPost(db, campusId, id);
}

/** The stored row of a post or comment of this campus that `viewerId` wrote, for edits and deletes. */
export async function requireOwnPost(db: Db, campusId: string, id: string, viewerId: string): Promise<PostRow> {
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', id)
    .where('campus_id', '=', campusId)
    .executeTakeFirst();
  if (!row) throw await missingPost(db, campusId, id);
  if (row.user_id !== viewerId) throw new AppError('forbidden', POST_MESSAGES.notOwner);
  return row;
}
