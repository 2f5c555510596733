/**
 * The chat writer's notification statement (chat-write-executor.ts, decision
 * 016 and 032), for better-sqlite3's named parameters: the chat's rows merge
 * per recipient, chat and type ('message:{chatId}': the latest message, how
 * many since read, unread again), and nobody hears of their own message, of a
 * blocked user's, or of a user of another campus.
 */
export const CHAT_NOTIFICATION_UPSERT = `
  insert into "notifications" ("id", "campus_id", "to_user_id", "type", "merge_key", "from_user_id", "chat_id",
    "message", "created_at", "updated_at")
  select @id, @campusId, @toUserId, @type, @type || ':' || @chatId, @fromUserId, @chatId, @message, @createdAt, @createdAt
  where @toUserId != @fromUserId
    and exists (select 1 from "users" where "id" = @toUserId and "campus_id" = @campusId)
    and not exists (
      select 1 from "blocks"
      where ("blocker_id" = @toUserId and "blocked_id" = @fromUserId)
         or ("blocker_id" = @fromUserId and "blocked_id" = @toUserId)
    )
  on conflict ("to_user_id", "merge_key") do update set
    "from_user_id" = excluded."from_user_id",
    "actor_count" = case when "notifications"."is_read" = 1 then 1 else "notifications"."actor_count" + 1 end,
    "message" = excluded."message",
    "is_read" = 0,
    "updated_at" = excluded."updated_at"`;
