import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { PostRow } from '../db/schema.ts';
import { findAncestorChain, subtreeIds } from './post-tree.ts';

/** A thread's ids per statement, well under SQLite's bound on parameters. */
const IDS_PER_STATEMENT = 500;

export interface MediaFiles {
  path: string;
  thumb_path: string;
}

/**
 * spec 2 §4: deleting a post deletes all nested comments and its images. In
 * one transaction: tombstones for the post and every comment under it (so
 * their pages say 'Sorry, that post has been deleted.'), the uploads rows
 * (their foreign key would otherwise set post_id to null and make the files
 * claimable again), the counters, then the row itself; comments, media and
 * likes go with it by ON DELETE CASCADE. Answers the files to remove once
 * the transaction has committed.
 */
export async function deletePostTree(db: Db, post: PostRow): Promise<MediaFiles[]> {
  return db.transaction().execute(async (trx) => {
    const files: MediaFiles[] = [];
    const deletedAt = new Date().toISOString();
    const subtree = await subtreeIds(trx, post);
    for (let start = 0; start < subtree.length; start += IDS_PER_STATEMENT) {
      const ids = subtree.slice(start, start + IDS_PER_STATEMENT);
      files.push(
        ...(await trx.selectFrom('post_media').select(['path', 'thumb_path']).where('post_id', 'in', ids).execute()),
      );
      await trx
        .insertInto('deleted_posts')
        .values(ids.map((id) => ({ id, campus_id: post.campus_id, deleted_at: deletedAt })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      await trx.deleteFrom('uploads').where('post_id', 'in', ids).execute();
    }

    if (post.parent_id !== null) {
      // Each ancestor counts every comment below it (docs/decisions/008), so all of them lose this subtree.
      const removed = subtree.length;
      const ancestors = await findAncestorChain(trx, post.parent_id);
      await trx
        .updateTable('posts')
        .set({ comment_count: sql<number>`max(comment_count - ${removed}, 0)` })
        .where(
          'id',
          'in',
          ancestors.map((ancestor) => ancestor.id),
        )
        .execute();
    } else if (post.type === 'post') {
      // spec 2 §4: only top-level posts count in totalPosts ('new user' posts never did).
      await trx
        .updateTable('users')
        .set({ total_posts: sql<number>`max(total_posts - 1, 0)` })
        .where('id', '=', post.user_id)
        .execute();
    }
    await trx.deleteFrom('posts').where('id', '=', post.id).execute();
    return files;
  });
}
