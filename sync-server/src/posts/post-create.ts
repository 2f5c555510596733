import { uuidv7 } from '@campus/shared/ids';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { PostText } from './post-text.ts';
import { isDeletedPost } from './posts.repository.ts';

export interface NewPost {
  clientId: string | undefined;
  text: PostText;
  price: number | null;
  category: string | null;
  uploadIds: string[];
}

function submitFailed(field: string): AppError {
  return new AppError('validation_failed', [{ msg: POST_MESSAGES.submitFailed, field }]);
}

/**
 * An id the client chose (its outbox's UUID, issue 5) makes a retry safe: the
 * same author sending it again gets the post it already made. Answers that
 * post's id, or undefined when the id is free to use.
 */
export async function findRetriedPost(
  db: Db,
  clientId: string | undefined,
  authorId: string,
  campusId: string,
  kind: 'post' | 'comment',
): Promise<string | undefined> {
  if (!clientId) return undefined;
  const existing = await db
    .selectFrom('posts')
    .select(['id', 'user_id', 'campus_id', 'parent_id'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (existing) {
    const isSameKind = (existing.parent_id === null) === (kind === 'post');
    if (existing.user_id === authorId && existing.campus_id === campusId && isSameKind) return existing.id;
    throw submitFailed('clientId');
  }
  // A retry arriving after the author deleted the post must not bring it back.
  if (await isDeletedPost(db, campusId, clientId)) throw new HTTPException(410, { message: POST_MESSAGES.postGone });
  return undefined;
}

/**
 * spec 2 §4: creates a top-level post, claims the author's own unattached
 * uploads as its media in the order given (the first is the cover) and
 * counts it in the author's totalPosts, all in one transaction.
 * Answers the post id and whether it already existed.
 */
export async function createPost(db: Db, authorId: string, campusId: string, input: NewPost) {
  return db.transaction().execute(async (trx) => {
    const retried = await findRetriedPost(trx, input.clientId, authorId, campusId, 'post');
    if (retried) return { id: retried, isExisting: true };

    const uploads =
      input.uploadIds.length === 0
        ? []
        : await trx
            .selectFrom('uploads')
            .selectAll()
            .where('id', 'in', input.uploadIds)
            .where('user_id', '=', authorId)
            .where('campus_id', '=', campusId)
            .where('post_id', 'is', null)
            .where('chat_id', 'is', null)
            .execute();
    // Someone else's upload, another campus's, or one already in a post or a chat: all look the same from here.
    if (uploads.length !== input.uploadIds.length) throw submitFailed('uploadIds');
    const byId = new Map(uploads.map((upload) => [upload.id, upload]));

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
        category: input.category,
        price: input.price,
        parent_id: null,
        img_count: uploads.length,
        created_at: now,
        last_modified: now,
      })
      .execute();
    if (uploads.length > 0) {
      await trx
        .insertInto('post_media')
        .values(
          input.uploadIds.map((uploadId, position) => {
            const upload = byId.get(uploadId);
            if (!upload) throw submitFailed('uploadIds');
            const { kind, path, thumb_path, width, height, placeholder } = upload;
            // The upload's id carries over, so a media id names the same file before and after posting.
            return {
              id: uploadId,
              post_id: id,
              position,
              kind,
              path,
              thumb_path,
              width,
              height,
              placeholder,
              created_at: now,
            };
          }),
        )
        .execute();
      await trx.updateTable('uploads').set({ post_id: id }).where('id', 'in', input.uploadIds).execute();
    }
    await trx
      .updateTable('users')
      .set((eb) => ({ total_posts: eb('total_posts', '+', 1) }))
      .where('id', '=', authorId)
      .execute();
    return { id, isExisting: false };
  });
}
