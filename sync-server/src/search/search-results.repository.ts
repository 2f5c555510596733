import type { AuthorDto, PostDto } from '@campus/shared/post-api';
import type { Db } from '../db/database.ts';
import { selectPostCards, withMediaOf } from '../posts/post-card-query.ts';
import { toPostDtos } from '../posts/posts.mapper.ts';
import { toAuthorDto } from '../users/author-dto.ts';

/** Users the viewer blocked and who blocked the viewer (issue 4: a block hides both ways). */
export async function readHiddenUsers(db: Db, viewerId: string | null): Promise<Set<string>> {
  if (viewerId === null) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .union(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId))
    .execute();
  return new Set(rows.map((row) => row.id));
}

function inOrder<Item extends { id: string }>(ids: string[], items: Item[]): Item[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The posts the index found, in its order, as the feed's cards (PostDto):
 * read from SQLite in two queries, through the same SELECT and block filter
 * as every list, and again only this campus's.
 */
export async function hydratePosts(
  db: Db,
  campusId: string,
  ids: string[],
  viewerId: string | null,
): Promise<PostDto[]> {
  if (ids.length === 0) return [];
  const rows = await selectPostCards(db, viewerId)
    .where('posts.id', 'in', ids)
    .where('posts.campus_id', '=', campusId)
    .execute();
  const { posts, media } = await withMediaOf(db, rows);
  return inOrder(ids, toPostDtos(posts, media));
}

/** The people the index found, in its order: school-verified members of this campus. */
export async function hydratePeople(db: Db, campusId: string, ids: string[]): Promise<AuthorDto[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'img', 'verified', 'school_verified'])
    .where('id', 'in', ids)
    .where('campus_id', '=', campusId)
    .where('school_verified', '=', 1)
    .execute();
  return inOrder(ids, rows.map(toAuthorDto));
}

/** The first lines of these posts, for the header box. */
export async function readPostTitles(db: Db, campusId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select(['id', 'text_plain'])
    .where('id', 'in', ids)
    .where('campus_id', '=', campusId)
    .execute();
  return inOrder(ids, rows);
}
