import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * True when neither the viewer blocked the author in `authorColumn` nor the
 * author blocked the viewer (issue 4: a block hides both ways). Written as a
 * correlated NOT EXISTS so a list stays one query: each row costs two primary
 * key / index probes on `blocks`, never a second round trip.
 */
export function notBlockedWith(viewerId: string, authorColumn: string): Expression<SqlBool> {
  const author = sql.ref(authorColumn);
  return sql<SqlBool>`not exists (
    select 1 from blocks
    where (blocks.blocker_id = ${viewerId} and blocks.blocked_id = ${author})
       or (blocks.blocker_id = ${author} and blocks.blocked_id = ${viewerId})
  )`;
}
