import type { CommentDto } from '@campus/shared/post-api';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { type PostCardRow, selectPostCards } from './post-card-query.ts';
import { toCommentDto } from './posts.mapper.ts';

/**
 * Every comment of the thread of top-level post `rootId`, with authors, in
 * one query whatever the thread's size (spec 2 §7: "fetched recursively";
 * no N+1): one range of posts_root (issue 36), oldest first. Comments by
 * someone the viewer blocked (or who blocked the viewer) are left out;
 * `buildThread` then drops everything under them, so no reply is left
 * hanging from a comment the viewer cannot see.
 */
export async function findThreadRows(db: Db, rootId: string, viewerId: string | null): Promise<PostCardRow[]> {
  return selectPostCards(db, viewerId)
    .where('posts.root_id', '=', rootId)
    .where((eb) => eb.and(viewerId === null ? [] : [notBlockedWith(viewerId, 'posts.user_id')]))
    .orderBy('posts.created_at')
    .orderBy('posts.id')
    .execute();
}

/**
 * spec 2 §2: nested replies under `rootId`, oldest first at every level (rows arrive oldest
 * first). A row whose parent is not among the rows (left out, or outside `rootId`) is dropped with
 * its replies.
 */
export function buildThread(rootId: string, rows: PostCardRow[]): CommentDto[] {
  const repliesOf = new Map<string, CommentDto[]>([[rootId, []]]);
  for (const row of rows) repliesOf.set(row.id, []);
  for (const row of rows) {
    const siblings = row.parent_id === null ? undefined : repliesOf.get(row.parent_id);
    siblings?.push(toCommentDto(row, repliesOf.get(row.id) ?? []));
  }
  return repliesOf.get(rootId) ?? [];
}
