import type { UpdatePostRequest } from '@campus/shared/post-requests';
import { POST_MESSAGES } from '@campus/shared/post-rules';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PostRow, PostTable } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { EMPTY_TEXT, readPostText } from './post-text.ts';

/**
 * Beyond the spec (issue 4): the owner edits text, price and category
 * ('Edited' shows) and marks a listing sold or available again, which is
 * not an edit. A comment has only text to edit. Editing does not bump
 * lastModified: the feed orders by conversation, not by corrections.
 */
export async function updatePost(db: Db, post: PostRow, changes: UpdatePostRequest): Promise<void> {
  // The 'new user' join post is the app's announcement, not the student's words (docs/decisions/011):
  // its owner may delete it, not edit it.
  if (post.type === 'new user') throw new AppError('validation_failed', POST_MESSAGES.submitFailed);
  const isComment = post.parent_id !== null;
  if (isComment && (changes.price !== undefined || changes.category !== undefined || changes.isSold !== undefined)) {
    throw new AppError('validation_failed', POST_MESSAGES.submitFailed);
  }
  const values: Updateable<PostTable> = {};
  if (changes.text !== undefined) {
    const text = readPostText(changes.text);
    // spec 2 §5 still holds after an edit: text, or at least one photo.
    if (!text && post.img_count === 0) {
      throw new AppError('validation_failed', isComment ? POST_MESSAGES.emptyComment : POST_MESSAGES.emptyPost);
    }
    const { json, plain } = text ?? EMPTY_TEXT;
    if (json !== post.text_json) Object.assign(values, { text_json: json, text_plain: plain });
  }
  if (changes.price !== undefined && changes.price !== post.price) values.price = changes.price;
  if (changes.category !== undefined && changes.category !== post.category) values.category = changes.category;
  const isEdited = Object.keys(values).length > 0;
  if (changes.isSold !== undefined) values.is_sold = changes.isSold ? 1 : 0;
  if (Object.keys(values).length === 0) return;
  if (isEdited) values.edited_at = new Date().toISOString();
  await db.updateTable('posts').set(values).where('id', '=', post.id).execute();
}
