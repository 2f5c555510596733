// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

/**
 * Issue 6 performance (decision 016): fewer `changes` rows per chat message.
 * 2026-11-21T1500-chats.ts noted every update of a chat_members row for
 * both members. A has_unread flip never needs its own notice: a new message
 * or an unlike also updates the chats row, and a read move also moves
 * read_message_id, and each of those is noticed. So only a moved read
 * position is noticed here, still to both members ('Seen' is the other
 * member's read). That takes a message from up to six rows to two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists chat_members_changed`.execute(db);
  await sql`
    create trigger chat_members_read_changed after update of read_message_id on chat_members
    when old.read_message_id is not new.read_message_id begin
      insert into changes (campus_id, user_id, kind, chat_id)
      select chats.campus_id, chat_members.user_id, 'chat', chats.id
      from chats join chat_members on chat_members.chat_id = chats.id
      where chats.id = new.chat_id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists chat_members_read_changed`.execute(db);
  await sql`
    create trigger chat_members_changed after update on chat_members begin
      insert into changes (campus_id, user_id, kind, chat_id)
      select chats.campus_id, chat_members.user_id, 'chat', chats.id
      from chats join chat_members on chat_members.chat_id = chats.id
      where chats.id = new.chat_id;
    end`.execute(db);
}
