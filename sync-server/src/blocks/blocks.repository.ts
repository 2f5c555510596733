import type { Db } from '../db/database.ts';
import { removeNotificationsBetween } from '../notifications/notifications.repository.ts';
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
    await removeNotificationsBetween(trx, blockerId, blockedId);
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
