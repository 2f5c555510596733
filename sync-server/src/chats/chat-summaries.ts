import { CHAT_MESSAGES, CHAT_PAGE_SIZE, type ChatSummaryDto } from '@campus/shared/chat-api';
import { sql } from 'kysely';
import { notBlockedWith } from '../blocks/block-filter.ts';
import type { Db } from '../db/database.ts';
import { afterCursor, type PageCursor } from '../posts/page-cursor.ts';
import { toAuthorDto } from '../users/author-dto.ts';
import { USER_SUMMARY_COLUMNS } from '../users/user-summary-columns.ts';

/**
 * The viewer's chats of this campus as /messages shows them: the other
 * member, the last message, the viewer's unread flag and the other's read
 * position (for 'Seen'). A chat with someone either of them blocked is
 * hidden, like their posts (issue 4).
 */
function summaryQuery(db: Db, viewerId: string, campusId: string) {
  return db
    .selectFrom('chat_members as mine')
    .innerJoin('chats', 'chats.id', 'mine.chat_id')
    .innerJoin('chat_members as theirs', (join) =>
      join.onRef('theirs.chat_id', '=', 'chats.id').on('theirs.user_id', '!=', viewerId),
    )
    .innerJoin('users', 'users.id', 'theirs.user_id')
    .select([
      'chats.id',
      'chats.last_message',
      'chats.last_message_id',
      'chats.last_message_author_id',
      'chats.created_at',
      'chats.last_modified',
      'mine.has_unread',
      'theirs.read_message_id as their_read_message_id',
      'users.id as user_id',
      ...USER_SUMMARY_COLUMNS,
    ])
    .where('mine.user_id', '=', viewerId)
    .where('chats.campus_id', '=', campusId)
    .where(notBlockedWith(viewerId, 'theirs.user_id'));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function toChatSummaryDto(row: SummaryRow, viewerId: string): ChatSummaryDto {
  const isMine = row.last_message_id !== null && row.last_message_author_id === viewerId;
  const isSeen =
    isMine && row.their_read_message_id !== null && row.their_read_message_id >= (row.last_message_id ?? '');
  return {
    id: row.id,
    otherUser: toAuthorDto({ ...row, id: row.user_id }),
    lastMessage: row.last_message,
    lastMessageAuthorId: row.last_message_author_id,
    isUnread: row.has_unread === 1,
    lastMessageStatus: isMine ? (isSeen ? CHAT_MESSAGES.seen : CHAT_MESSAGES.delivered) : null,
    createdAt: row.created_at,
    lastModified: row.last_modified,
  };
}

/**
 * One page of the inbox, newest activity first (spec 2 §4 "messages 15").
 * A chat the other member started shows once it has a message; the one who
 * started it sees it at once (decision 014).
 */
export async function findInboxPage(
  db: Db,
  viewerId: string,
  campusId: string,
  cursor: PageCursor | null,
): Promise<ChatSummaryDto[]> {
  let query = summaryQuery(db, viewerId, campusId).where((eb) =>
    eb.or([eb('chats.last_message_id', 'is not', null), eb('chats.from_user_id', '=', viewerId)]),
  );
  if (cursor) query = query.where(afterCursor('chats.last_modified', 'chats.id', cursor));
  const rows = await query.orderBy(sql`chats.last_modified desc, chats.id desc`).limit(CHAT_PAGE_SIZE).execute();
  return rows.map((row) => toChatSummaryDto(row, viewerId));
}

export async function findChatSummary(
  db: Db,
  viewerId: string,
  campusId: string,
  chatId: string,
): Promise<ChatSummaryDto | null> {
  const row = await summaryQuery(db, viewerId, campusId).where('chats.id', '=', chatId).executeTakeFirst();
  return row ? toChatSummaryDto(row, viewerId) : null;
}
