import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UploadTable } from '../db/schema.ts';

export type UploadRow = Selectable<UploadTable>;
export type InsertableUploadRow = Insertable<UploadTable>;
/** What processing an upload leaves on disk, as the row records it. */
export type StoredFiles = Pick<UploadRow, 'path' | 'thumb_path' | 'width' | 'height' | 'placeholder'>;

export async function insertUpload(db: Db, row: InsertableUploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

/** The viewer's own upload on this campus; someone else's is indistinguishable from a missing one. */
export async function findOwnUpload(
  db: Db,
  where: { id: string; userId: string; campusId: string },
): Promise<UploadRow | undefined> {
  return await db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', where.id)
    .where('user_id', '=', where.userId)
    .where('campus_id', '=', where.campusId)
    .executeTakeFirst();
}

/**
 * Deletes an upload no post or chat message has claimed yet. The condition sits in the
 * statement itself so a post claiming it at the same moment wins cleanly.
 * Returns whether a row went.
 */
export async function deleteUnclaimedUpload(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('uploads')
    .where('id', '=', id)
    .where('post_id', 'is', null)
    .where('chat_id', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
