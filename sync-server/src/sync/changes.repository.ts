import type { ChangeNotice } from '@campus/shared/sync-api';
import type { Db } from '../db/database.ts';
import type { ChangeTable } from '../db/schema.ts';

type ChangeRow = Pick<ChangeTable, 'campus_id' | 'user_id' | 'kind' | 'post_id' | 'parent_id' | 'chat_id'> & {
  seq: number;
  is_deleted: number;
};

/** A change as the hub routes it: campus-wide, or for one user's own lists. */
export interface RoutedChange {
  campusId: string;
  userId: string | null;
  notice: ChangeNotice;
}

function toRouted(row: ChangeRow): RoutedChange {
  const notice: ChangeNotice = {
    seq: row.seq,
    kind: row.kind,
    // A 'chat' row has no post: its notice repeats the chat id there (sync-api.ts).
    postId: row.post_id ?? row.chat_id ?? '',
    parentId: row.parent_id,
    isDeleted: row.is_deleted === 1,
  };
  if (row.chat_id !== null) notice.chatId = row.chat_id;
  return { campusId: row.campus_id, userId: row.user_id, notice };
}

const COLUMNS = ['seq', 'campus_id', 'user_id', 'kind', 'post_id', 'parent_id', 'chat_id', 'is_deleted'] as const;

/** The newest seq written, 0 before the first change. */
export async function readHeadSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('head'))
    .executeTakeFirst();
  return Number(row?.head ?? 0);
}

/** Every campus's changes in (after, upTo], oldest first: what the hub fans out. */
export async function readChangesBetween(db: Db, after: number, upTo: number): Promise<RoutedChange[]> {
  const rows = await db
    .selectFrom('changes')
    .select(COLUMNS)
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .execute();
  return rows.map(toRouted);
}

/**
 * One client's catch-up: its campus's post changes and its own saved-list
 * changes in (since, upTo], at most `limit` + 1 rows so the caller can tell
 * "more than fits". Also answers whether `since` is older than what is kept.
 */
export async function readCatchUp(
  db: Db,
  scope: { campusId: string; userId: string },
  since: number,
  upTo: number,
  limit: number,
): Promise<{ changes: RoutedChange[]; isTooOld: boolean }> {
  const oldest = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.min('seq').as('oldest'))
    .executeTakeFirst();
  const oldestKept = Number(oldest?.oldest ?? upTo + 1);
  if (since < oldestKept - 1) return { changes: [], isTooOld: true };
  const rows = await db
    .selectFrom('changes')
    .select(COLUMNS)
    .where('campus_id', '=', scope.campusId)
    .where((eb) => eb.or([eb('kind', '=', 'post'), eb('user_id', '=', scope.userId)]))
    .where('seq', '>', since)
    .where('seq', '<=', upTo)
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  return { changes: rows.map(toRouted), isTooOld: false };
}

/** Drops changes older than `maxAgeMs`, always keeping the newest so the head survives. */
export async function pruneChanges(db: Db, maxAgeMs: number, now = Date.now()): Promise<void> {
  const head = await readHeadSeq(db);
  const cutoff = new Date(now - maxAgeMs).toISOString();
  await db.deleteFrom('changes').where('created_at', '<', cutoff).where('seq', '<', head).execute();
}
