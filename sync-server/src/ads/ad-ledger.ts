import { uuidv7 } from '@campus/shared/ids';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AdChargeTable, AdRow } from '../db/schema.ts';

type Owner = Pick<AdRow, 'id' | 'user_id' | 'campus_id'>;

interface Entry {
  kind: AdChargeTable['kind'];
  amount: number;
  at: number;
  stripeId?: string | null;
  coversDay?: number | null;
}

/** How each kind moves Available Funds (decision 040); Stripe payments leave them alone. */
const FUNDS_SIGN: Record<AdChargeTable['kind'], number> = {
  stripe_payment: 0,
  funds_drawn: -1,
  funds_credited: 1,
  funds_returned: 1,
};

/**
 * One ledger row, and the owner's Available Funds moved by it, in the caller's
 * transaction. Never more is drawn than there is (the caller checked; the
 * `where` keeps it true under races), answers false when it was not written.
 */
export async function recordCharge(trx: Db, ad: Owner, entry: Entry): Promise<boolean> {
  const delta = FUNDS_SIGN[entry.kind] * entry.amount;
  if (delta !== 0) {
    const moved = await trx
      .updateTable('users')
      .set({ available_funds: sql<number>`available_funds + ${delta}` })
      .where('id', '=', ad.user_id)
      .where(sql<boolean>`available_funds + ${delta} >= 0`)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
  }
  await trx
    .insertInto('ad_charges')
    .values({
      id: uuidv7(),
      user_id: ad.user_id,
      campus_id: ad.campus_id,
      ad_id: ad.id,
      kind: entry.kind,
      amount: entry.amount,
      stripe_id: entry.stripeId ?? null,
      covers_day: entry.coversDay ?? null,
      created_at: entry.at,
    })
    .execute();
  return true;
}

export async function availableFunds(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('available_funds').where('id', '=', userId).executeTakeFirst();
  return row?.available_funds ?? 0;
}
