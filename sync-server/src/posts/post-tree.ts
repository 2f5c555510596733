import type { Db } from '../db/database.ts';

/**
 * Threads without recursion (issue 36): every comment names its thread's top-level post
 * (`root_id`), so a thread is one range of the `posts_root` index, whatever statistics the
 * planner holds. A recursive walk down `parent_id` was planned as a scan of every post per level
 * once SQLite had statistics; walks over a thread's few rows happen here instead.
 */

/** The top-level post of the thread `postId` is in (itself when it is one), or null when gone. */
export async function threadRootOf(db: Db, postId: string): Promise<string | null> {
  const row = await db.selectFrom('posts').select(['id', 'root_id']).where('id', '=', postId).executeTakeFirst();
  return row ? (row.root_id ?? row.id) : null;
}

interface ThreadLink {
  id: string;
  parent_id: string | null;
}

/** The comments of the thread of top-level post `rootId` (not the post itself): one index range. */
function threadLinks(db: Db, rootId: string): Promise<ThreadLink[]> {
  return db.selectFrom('posts').select(['id', 'parent_id']).where('root_id', '=', rootId).execute();
}

/** A post or comment and every comment under it, at any depth (spec 2 §4 delete), from its thread's rows. */
export async function subtreeIds(db: Db, post: { id: string; root_id: string | null }): Promise<string[]> {
  const links = await threadLinks(db, post.root_id ?? post.id);
  const childrenOf = new Map<string, string[]>();
  for (const link of links) {
    if (link.parent_id === null) continue;
    const children = childrenOf.get(link.parent_id);
    if (children) children.push(link.id);
    else childrenOf.set(link.parent_id, [link.id]);
  }
  const ids = [post.id];
  for (let index = 0; index < ids.length; index++) ids.push(...(childrenOf.get(ids[index] ?? '') ?? []));
  return ids;
}

/**
 * A post or comment and each parent above it, up to the top-level post (spec 2 §4 "the whole
 * parent chain"), nearest first: a walk up by primary key, one lookup a level.
 */
export async function findAncestorChain(db: Db, startId: string) {
  const chain: { id: string; parent_id: string | null; user_id: string; campus_id: string }[] = [];
  let nextId: string | null = startId;
  while (nextId !== null && chain.length <= MAX_DEPTH) {
    const link = await db
      .selectFrom('posts')
      .select(['id', 'parent_id', 'user_id', 'campus_id'])
      .where('id', '=', nextId)
      .executeTakeFirst();
    if (!link) break;
    chain.push(link);
    nextId = link.parent_id;
  }
  return chain;
}

/** Deeper than any thread the app makes (replies nest a few levels); a cycle could never end the walk. */
const MAX_DEPTH = 1000;
