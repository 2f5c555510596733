import type { Db } from '../db/database.ts';
import { USER_SUMMARY_COLUMNS } from '../users/user-summary-columns.ts';

/** Whether either user blocked the other (one query on the primary key and its reverse index). */
export async function isBlockedEitherWay(db: Db, userId: string, otherId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', userId), eb('blocked_id', '=', otherId)]),
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', userId)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** A block also removes what either user was notified of by the other (decision 032), in one transaction. */
export async function addBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    // What either user was notified of by the other goes with the block: written here, not by
    // notifications/, which reads blocks (block-filter.ts) and must not be imported back.
    await trx
      .deleteFrom('notifications')
      .where((eb) =>
        eb.or([
          eb.and([eb('to_user_id', '=', blockerId), eb('from_user_id', '=', blockedId)]),
          eb.and([eb('to_user_id', '=', blockedId), eb('from_user_id', '=', blockerId)]),
        ]),
      )
      .execute();
  });
}

export async function removeBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** The users `blockerId` blocked, newest block first, as author summaries. */
export async function findBlockedUsers(db: Db, blockerId: string) {
  return db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id', ...USER_SUMMARY_COLUMNS])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.id')
    .execute();
}
