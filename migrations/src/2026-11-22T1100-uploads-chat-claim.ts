// Frozen in time: never import application code here (Kysely migrations guide).
import type { Kysely } from 'kysely';

/**
 * Issue 6: a chat message's attachment claims its upload, as a post does
 * (uploads.post_id), so its owner can no longer delete the file through
 * DELETE /api/uploads/{id} while a conversation shows it, and a post cannot
 * take it (deleting that post would remove the file).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('chat_id', 'text', (col) => col.references('chats.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('uploads_chat').on('uploads').column('chat_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uploads_chat').execute();
  await db.schema.alterTable('uploads').dropColumn('chat_id').execute();
}
