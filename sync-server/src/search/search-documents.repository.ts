import { type PersonSearchDocument, type PostSearchDocument, toPostSearchDocument } from '@campus/shared/search-index';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * What the search indexes are built from and kept current with (decision 035):
 * top-level posts of type 'post' (comments, replies and the 'joined' posts are
 * not listings) with their author's names, and a campus's school-verified
 * members. Read in keyset pages so a large campus never sits in one result.
 */
function selectPostDocuments(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select([
      'posts.id',
      'posts.campus_id',
      'posts.text_plain',
      'posts.category',
      'posts.price',
      'posts.is_sold',
      'posts.img_count',
      'posts.created_at',
      'users.id as author_id',
      'users.first_name',
      'users.last_name',
      'users.username',
    ])
    .where('posts.parent_id', 'is', null)
    .where('posts.type', '=', 'post');
}

type PostDocumentRow = Awaited<ReturnType<ReturnType<typeof selectPostDocuments>['execute']>>[number];

function toDocument(row: PostDocumentRow): PostSearchDocument {
  return toPostSearchDocument({
    id: row.id,
    plainText: row.text_plain,
    category: row.category,
    price: row.price,
    isSold: row.is_sold === 1,
    hasMedia: row.img_count > 0,
    createdAt: row.created_at,
    author: { id: row.author_id, firstName: row.first_name, lastName: row.last_name, username: row.username },
  });
}

/**
 * One page of a campus's posts, last written first, below rowid `before`: the
 * build reads the newest N this way. The rowid B-tree is walked once over the
 * whole build (no sort, no extra index); rowids follow inserts, so the newest
 * posts come first.
 */
export async function readPostDocumentPage(db: Db, campusId: string, before: number | null, limit: number) {
  const rows = await selectPostDocuments(db)
    .select(sql<number>`posts.rowid`.as('row_number'))
    .where('posts.campus_id', '=', campusId)
    .$if(before !== null, (query) => query.where(sql<number>`posts.rowid`, '<', before ?? 0))
    .orderBy(sql`posts.rowid`, 'desc')
    .limit(limit)
    .execute();
  const last = rows.at(-1);
  return { documents: rows.map(toDocument), next: rows.length === limit && last ? last.row_number : null };
}

/** The current documents of these posts, by campus; a post missing here is gone from search. */
export async function readPostDocuments(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectPostDocuments(db).where('posts.id', 'in', ids).execute();
  return rows.map((row) => ({ campusId: row.campus_id, document: toDocument(row) }));
}

/** Every indexed post of these authors (their names changed). */
export async function readPostIdsOfAuthors(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('user_id', 'in', userIds)
    .where('parent_id', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

function selectPeople(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'campus_id', 'first_name', 'last_name', 'username'])
    .where('school_verified', '=', 1);
}

function toPerson(row: { id: string; first_name: string; last_name: string; username: string }): PersonSearchDocument {
  return { id: row.id, firstName: row.first_name, lastName: row.last_name, username: row.username };
}

/** A campus's members in id order, a page at a time. */
export async function readPeoplePage(db: Db, campusId: string, afterId: string | null, limit: number) {
  const rows = await selectPeople(db)
    .where('campus_id', '=', campusId)
    .$if(afterId !== null, (query) => query.where('id', '>', afterId ?? ''))
    .orderBy('id')
    .limit(limit)
    .execute();
  return { documents: rows.map(toPerson), next: rows.length === limit ? (rows.at(-1)?.id ?? null) : null };
}

/** The current members among these users, with their campus; one missing here is found nowhere. */
export async function readPeople(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectPeople(db).where('id', 'in', ids).execute();
  return rows.map((row) => ({ campusId: row.campus_id, document: toPerson(row) }));
}

/** The newest seq of each log: where a fresh index starts following. */
export async function readLogHeads(db: Db) {
  const posts = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('head'))
    .executeTakeFirst();
  const people = await db
    .selectFrom('search_user_changes')
    .select((eb) => eb.fn.max('seq').as('head'))
    .executeTakeFirst();
  return { posts: Number(posts?.head ?? 0), people: Number(people?.head ?? 0) };
}

/**
 * Posts and people changed after the given seqs. `isPostLogCut` says the
 * `changes` log was pruned past `afterPosts` (housekeeping drops rows after 3
 * days): what changed then is unknown, so the indexes are rebuilt.
 */
export async function readLogsAfter(db: Db, afterPosts: number, afterPeople: number) {
  const heads = await readLogHeads(db);
  const postRows = await db
    .selectFrom('changes')
    .select('post_id')
    .where('seq', '>', afterPosts)
    .where('seq', '<=', heads.posts)
    .where('kind', '=', 'post')
    .where('parent_id', 'is', null)
    .execute();
  const oldest = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.min('seq').as('oldest'))
    .executeTakeFirst();
  const peopleRows = await db
    .selectFrom('search_user_changes')
    .select('user_id')
    .where('seq', '>', afterPeople)
    .where('seq', '<=', heads.people)
    .execute();
  return {
    postIds: [...new Set(postRows.map((row) => row.post_id).filter((id): id is string => id !== null))],
    userIds: [...new Set(peopleRows.map((row) => row.user_id))],
    heads,
    isPostLogCut: Number(oldest?.oldest ?? 0) > afterPosts + 1,
  };
}

/** The people log is this index's alone: rows it has applied are dropped. */
export async function dropPeopleLogUpTo(db: Db, seq: number) {
  await db.deleteFrom('search_user_changes').where('seq', '<=', seq).execute();
}
