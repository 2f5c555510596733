import type { Db } from '../db/database.ts';

/**
 * A post and every comment under it, at any depth (spec 2 §7: the thread is
 * "fetched recursively"). One recursive CTE instead of a query per level.
 */
export function withSubtree(db: Db, rootId: string) {
  return db.withRecursive('subtree(id)', (qb) =>
    qb
      .selectFrom('posts')
      .select('id')
      .where('id', '=', rootId)
      .unionAll((inner) =>
        inner.selectFrom('posts').innerJoin('subtree', 'subtree.id', 'posts.parent_id').select('posts.id'),
      ),
  );
}

/** A post or comment and each parent above it, up to the top-level post (spec 2 §4 "the whole parent chain"). */
export async function findAncestorChain(db: Db, startId: string) {
  return db
    .withRecursive('chain(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('posts')
        .select(['id', 'parent_id', (eb) => eb.lit(0).as('depth')])
        .where('id', '=', startId)
        .unionAll((inner) =>
          inner
            .selectFrom('posts')
            .innerJoin('chain', 'chain.parent_id', 'posts.id')
            .select(['posts.id', 'posts.parent_id', (eb) => eb(eb.ref('chain.depth'), '+', 1).as('depth')]),
        ),
    )
    .selectFrom('chain')
    .innerJoin('posts', 'posts.id', 'chain.id')
    .select(['posts.id', 'posts.parent_id', 'posts.user_id', 'posts.campus_id'])
    .orderBy('chain.depth')
    .execute();
}
