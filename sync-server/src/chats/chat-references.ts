import type { ChatMessage } from '@campus/shared/chat-doc';
import type { Db } from '../db/database.ts';
import { toMediaDto } from '../posts/posts.mapper.ts';

/**
 * The SQL half of the message rule (chat-message-shape.ts is the pure half):
 * - a shared post is a post of this campus, or one deleted since (so a post
 *   shared offline and deleted before the message arrived still goes
 *   through, and shows '* Post deleted **');
 * - an attachment is an upload of the author's on this campus, described
 *   exactly as the server described it (url, thumbnail, kind, size), so a
 *   message cannot point at someone else's file or any other address; and
 *   one no post and no other chat has claimed (storing the message claims
 *   it: chat-write-executor.ts).
 */
export async function messageReferenceProblem(
  db: Db,
  chat: { id: string; campusId: string },
  message: ChatMessage,
): Promise<string | null> {
  const { campusId } = chat;
  if (message.postId !== null) {
    const post = await db
      .selectFrom('posts')
      .select('id')
      .where('id', '=', message.postId)
      .where('campus_id', '=', campusId)
      .union(
        db.selectFrom('deleted_posts').select('id').where('id', '=', message.postId).where('campus_id', '=', campusId),
      )
      .executeTakeFirst();
    if (!post) return 'shared post of another campus or none';
  }
  const { attachment } = message;
  if (attachment !== null) {
    const upload = await db
      .selectFrom('uploads')
      .select(['id', 'kind', 'path', 'thumb_path', 'width', 'height', 'placeholder', 'post_id', 'chat_id'])
      .where('id', '=', attachment.uploadId)
      .where('user_id', '=', message.authorId)
      .where('campus_id', '=', campusId)
      .executeTakeFirst();
    if (!upload) return 'attachment that is not an upload of the author';
    if (upload.post_id !== null || (upload.chat_id !== null && upload.chat_id !== chat.id)) {
      return 'attachment already in a post or another chat';
    }
    const media = toMediaDto(upload);
    const isSame =
      media.kind === attachment.kind &&
      media.url === attachment.url &&
      media.thumbUrl === attachment.thumbUrl &&
      media.width === attachment.width &&
      media.height === attachment.height &&
      media.placeholder === attachment.placeholder;
    if (!isSame) return 'attachment described otherwise than its upload';
  }
  return null;
}
