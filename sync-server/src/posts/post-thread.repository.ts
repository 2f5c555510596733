import type { CommentDto } from '@campus/shared/post-api';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { type PostCardRow, selectPostCards } from './post-card-query.ts';
import { toCommentDto } from './posts.mapper.ts';

/**
 * Every comment under `rootId` at any depth, with authors, in one query
 * whatever the thread's size (spec 2 §7: "fetched recursively"; no N+1).
 * A comment by someone the viewer blocked (or who blocked the viewer) is
 * left out with everything under it: the recursion stops there, so no reply
 * is left hanging from a comment the viewer cannot see.
 */
export async function findThreadRows(db: Db, rootId: string, viewerId: string | null): Promise<PostCardRow[]> {
  const visible = (authorColumn: string) => (viewerId === null ? [] : [notBlockedWith(viewerId, authorColumn)]);
  const threadIds = db
    .withRecursive('thread(id)', (qb) =>
      qb
        .selectFrom('posts')
        .select('posts.id')
        .where((eb) => eb.and([eb('posts.parent_id', '=', rootId), ...visible('posts.user_id')]))
        .unionAll((inner) =>
          inner
            .selectFrom('posts')
            .innerJoin('thread', 'thread.id', 'posts.parent_id')
            .select('posts.id')
            .where((eb) => eb.and(visible('posts.user_id'))),
        ),
    )
    .selectFrom('thread')
    .select('thread.id');
  return selectPostCards(db, viewerId)
    .where('posts.id', 'in', threadIds)
    .orderBy('posts.created_at')
    .orderBy('posts.id')
    .execute();
}

/** spec 2 §2: nested replies, oldest first at every level (rows arrive oldest first). */
export function buildThread(rootId: string, rows: PostCardRow[]): CommentDto[] {
  const repliesOf = new Map<string, CommentDto[]>([[rootId, []]]);
  for (const row of rows) repliesOf.set(row.id, []);
  for (const row of rows) {
    const siblings = row.parent_id === null ? undefined : repliesOf.get(row.parent_id);
    siblings?.push(toCommentDto(row, repliesOf.get(row.id) ?? []));
  }
  return repliesOf.get(rootId) ?? [];
}
