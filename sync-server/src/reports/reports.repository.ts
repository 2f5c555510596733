import { uuidv7 } from '@campus/shared/ids';
import type { Db } from '../db/database.ts';

/** Stores a report; answers false when this reporter already reported this user (the unique pair). */
export async function insertReport(
  db: Db,
  report: { reporterId: string; reportedUserId: string; reason: string },
): Promise<boolean> {
  const result = await db
    .insertInto('reports')
    .values({
      id: uuidv7(),
      reporter_id: report.reporterId,
      reported_user_id: report.reportedUserId,
      reason: report.reason,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['reporter_id', 'reported_user_id']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}
