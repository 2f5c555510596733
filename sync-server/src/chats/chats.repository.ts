import { uuidv7 } from '@campus/shared/ids';
import { sql } from 'kysely';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';

/** A chat as its room (chat-room.ts) needs it: where it is and who may write to it. */
export interface RoomChat {
  id: string;
  campusId: string;
  memberIds: readonly [string, string];
}

/** The two user ids in one order, whoever starts: one chat per pair and campus. */
function pairKeyOf(userId: string, otherId: string): string {
  return userId < otherId ? `${userId}:${otherId}` : `${otherId}:${userId}`;
}

/**
 * spec 2 §4 reuse-or-create: the chat between the two users in either
 * direction, else a new one with both as members. The unique pair key makes
 * two starts at once end in one chat.
 */
export async function findOrCreateChat(
  db: Db,
  campusId: string,
  fromUserId: string,
  toUserId: string,
): Promise<{ chatId: string; isNew: boolean }> {
  const pairKey = pairKeyOf(fromUserId, toUserId);
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const id = uuidv7();
    const inserted = await trx
      .insertInto('chats')
      .values({
        id,
        campus_id: campusId,
        from_user_id: fromUserId,
        to_user_id: toUserId,
        pair_key: pairKey,
        created_at: now,
        last_modified: now,
      })
      .onConflict((conflict) => conflict.columns(['campus_id', 'pair_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx
        .insertInto('chat_members')
        .values([
          { chat_id: id, user_id: fromUserId },
          { chat_id: id, user_id: toUserId },
        ])
        .execute();
      return { chatId: id, isNew: true };
    }
    const existing = await trx
      .selectFrom('chats')
      .select('id')
      .where('campus_id', '=', campusId)
      .where('pair_key', '=', pairKey)
      .executeTakeFirstOrThrow();
    return { chatId: existing.id, isNew: false };
  });
}

/** The chat `chatId` of this campus when `userId` is one of its members, as a room needs it. */
export async function findMemberChat(
  db: Db,
  chatId: string,
  userId: string,
  campusId: string,
): Promise<RoomChat | null> {
  const row = await db
    .selectFrom('chats')
    .innerJoin('chat_members', 'chat_members.chat_id', 'chats.id')
    .select(['chats.id', 'chats.campus_id', 'chats.from_user_id', 'chats.to_user_id'])
    .where('chats.id', '=', chatId)
    .where('chats.campus_id', '=', campusId)
    .where('chat_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { id: row.id, campusId: row.campus_id, memberIds: [row.from_user_id, row.to_user_id] } : null;
}

/** Either member deletes the chat for both (spec 2 §4, §6): members, log and its notifications go with it. */
export async function deleteChat(db: Db, chatId: string): Promise<void> {
  await db.deleteFrom('chats').where('id', '=', chatId).execute();
}

const USER_SEARCH_MAX_RESULTS = 10;

/** `q` as a LIKE prefix pattern, its own % and _ taken literally. */
function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The new-message user search: school-verified members of the campus whose
 * username, first or last name (or full name) starts with `prefix`, any
 * case; never the viewer, nobody blocked either way; ten at most, by username.
 */
export async function searchCampusMembers(
  db: Db,
  { campusId, viewerId, prefix }: { campusId: string; viewerId: string; prefix: string },
) {
  const pattern = prefixPattern(prefix);
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'img', 'verified', 'school_verified'])
    .where('campus_id', '=', campusId)
    .where('school_verified', '=', 1)
    .where('id', '!=', viewerId)
    .where(notBlockedWith(viewerId, 'users.id'))
    .where(
      sql<boolean>`(username like ${pattern} escape '\\' or first_name like ${pattern} escape '\\'
          or last_name like ${pattern} escape '\\' or first_name || ' ' || last_name like ${pattern} escape '\\')`,
    )
    .orderBy('username')
    .limit(USER_SEARCH_MAX_RESULTS)
    .execute();
}
