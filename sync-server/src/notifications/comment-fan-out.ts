import { uuidv7 } from '@campus/shared/ids';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { MERGE_SINCE_READ, mayHearOf } from './notification-upsert.ts';

/** What a 'comment fan-out' job names (notification_jobs). */
export interface CommentFanOutJob {
  commentId: string;
  postId: string;
}

/**
 * A comment's fan-out (decision 032), run by the notification job worker
 * after the comment's commit: a 'comment interaction' row for everyone else
 * who commented in the thread, merged per post and person. Everything is
 * read now, not when the comment was made: a comment or post deleted since
 * writes nothing, and a block made since keeps its two users apart. The
 * post's author and the answered comment's author heard of it by their own
 * rows already. One INSERT … SELECT over the thread's range of posts_root (no ids travel to
 * JavaScript and back): each new row's id is a UUIDv7 made here whose last
 * 48 random bits SQLite draws per row.
 *
 * Running it twice is harmless: a merge whose actor and time the row holds
 * already is the same action, and changes nothing (nor is counted twice).
 */
export async function runCommentFanOut(db: Db, job: CommentFanOutJob): Promise<void> {
  const comment = await db
    .selectFrom('posts')
    .select(['user_id', 'campus_id', 'parent_id', 'created_at'])
    .where('id', '=', job.commentId)
    .executeTakeFirst();
  if (!comment || comment.parent_id === null) return;
  const heads = await db
    .selectFrom('posts')
    .select(['id', 'user_id'])
    .where('id', 'in', [job.postId, comment.parent_id])
    .execute();
  const postAuthor = heads.find((row) => row.id === job.postId)?.user_id;
  const parentAuthor = heads.find((row) => row.id === comment.parent_id)?.user_id;
  if (postAuthor === undefined || parentAuthor === undefined) return;

  const authorId = comment.user_id;
  const campusId = comment.campus_id;
  const at = comment.created_at;
  const direct = [...new Set([parentAuthor, postAuthor])];
  const idPrefix = uuidv7().slice(0, 24);
  await db
    .insertInto('notifications')
    .columns([
      'id',
      'campus_id',
      'to_user_id',
      'type',
      'merge_key',
      'from_user_id',
      'post_id',
      'created_at',
      'updated_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('posts')
            .select('posts.user_id')
            .distinct()
            // The thread's comments: one range of posts_root (issue 36), never a walk of the table.
            .where('posts.root_id', '=', job.postId)
            .where('posts.user_id', 'not in', direct)
            .where(mayHearOf(authorId, campusId, 'posts.user_id'))
            .as('participants'),
        )
        .select([
          sql<string>`${idPrefix} || lower(hex(randomblob(6)))`.as('id'),
          eb.val(campusId).as('campus_id'),
          'participants.user_id',
          eb.val('comment interaction').as('type'),
          eb.val(`comment interaction:${job.postId}`).as('merge_key'),
          eb.val(authorId).as('from_user_id'),
          eb.val(job.postId).as('post_id'),
          eb.val(at).as('created_at'),
          eb.val(at).as('updated_at'),
        ])
        // SQLite's upsert after INSERT … SELECT needs a WHERE to parse (its documentation's "parsing ambiguity").
        .where(sql<boolean>`true`),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['to_user_id', 'merge_key'])
        .doUpdateSet(MERGE_SINCE_READ)
        // The same action again (a job run twice) changes nothing; an older one does not undo a newer.
        .where(
          sql<boolean>`excluded.updated_at > notifications.updated_at
            or (excluded.updated_at = notifications.updated_at and excluded.from_user_id != notifications.from_user_id)`,
        ),
    )
    .execute();
}
