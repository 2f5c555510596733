import { uuidv7 } from '@campus/shared/ids';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { HTTPException } from 'hono/http-exception';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { notifyComment } from '../notifications/comment-notifications.ts';
import { findRetriedPost } from '../posts/post-create.ts';
import type { PostText } from '../posts/post-text.ts';
import { findAncestorChain } from '../posts/post-tree.ts';
import { isDeletedPost } from '../posts/posts.repository.ts';

export interface NewComment {
  clientId: string | undefined;
  text: PostText;
  postId: string;
  parentId: string | undefined;
}

/**
 * The ids from the comment being answered up to the post. A reply must name
 * a comment of the same post, one the author can see (no blocked author on
 * the way): anything else is missing, deleted or a client error.
 */
async function chainToPost(db: Db, authorId: string, campusId: string, postId: string, parentId: string) {
  const chain = await findAncestorChain(db, parentId);
  const top = chain.at(-1);
  if (!top) {
    if (await isDeletedPost(db, campusId, parentId)) throw new HTTPException(410, { message: POST_MESSAGES.postGone });
    throw new AppError('validation_failed', [{ msg: POST_MESSAGES.submitFailed, field: 'parentId' }]);
  }
  if (top.id !== postId || top.campus_id !== campusId) {
    throw new AppError('validation_failed', [{ msg: POST_MESSAGES.submitFailed, field: 'parentId' }]);
  }
  const hidden = await db
    .selectFrom('posts')
    .select('id')
    .where(
      'id',
      'in',
      chain.map((link) => link.id),
    )
    .where((eb) => eb.not(notBlockedWith(authorId, 'posts.user_id')))
    .executeTakeFirst();
  if (hidden) throw new AppError('not_found', POST_MESSAGES.postMissing);
  return chain.map((link) => link.id);
}

/**
 * spec 2 §4: "A new comment refreshes lastModified of the whole parent
 * chain", so the post rises in the feed. Every ancestor also counts one more
 * comment below it (docs/decisions/008). Answers the comment id and whether
 * a retry found it already made.
 */
export async function createComment(db: Db, authorId: string, campusId: string, input: NewComment) {
  return db.transaction().execute(async (trx) => {
    const retried = await findRetriedPost(trx, input.clientId, authorId, campusId, 'comment');
    if (retried) return { id: retried, isExisting: true };
    const chain =
      input.parentId === undefined || input.parentId === input.postId
        ? [input.postId]
        : await chainToPost(trx, authorId, campusId, input.postId, input.parentId);
    const id = input.clientId ?? uuidv7();
    const now = new Date().toISOString();
    await trx
      .insertInto('posts')
      .values({
        id,
        campus_id: campusId,
        user_id: authorId,
        text_json: input.text.json,
        text_plain: input.text.plain,
        category: null,
        price: null,
        parent_id: chain[0] ?? input.postId,
        // The thread is one range of posts_root (issue 36): chainToPost checked it is this post's.
        root_id: input.postId,
        created_at: now,
        last_modified: now,
      })
      .execute();
    await trx
      .updateTable('posts')
      .set((eb) => ({ last_modified: now, comment_count: eb('comment_count', '+', 1) }))
      .where('id', 'in', chain)
      .execute();
    await notifyComment(trx, {
      commentId: id,
      authorId,
      campusId,
      parentId: chain[0] ?? input.postId,
      postId: input.postId,
      at: now,
    });
    return { id, isExisting: false };
  });
}
