// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Files uploaded by the composer before the post exists; a post claims them by id.
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('campus_id', 'text', (col) => col.notNull().references('campuses.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('image', 'video')`))
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('thumb_path', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('placeholder', 'text')
    .addColumn('post_id', 'text', (col) => col.references('posts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'created_at']).execute();

  // spec 2 §2: a deleted post says 'Sorry, that post has been deleted.'; a never-existing one does not.
  await db.schema
    .createTable('deleted_posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('campus_id', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    .execute();

  // Beyond the spec (issue 4): blocking hides a user's posts and comments and stops messages.
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();

  // spec 2 §2 'Report' plus what an operator needs to review it; one report per reporter and user.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reporter_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reported_user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('reports_once', ['reporter_id', 'reported_user_id'])
    .execute();

  await db.schema.createIndex('post_likes_user').on('post_likes').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('post_likes_user').execute();
  for (const table of ['reports', 'blocks', 'deleted_posts', 'uploads']) await db.schema.dropTable(table).execute();
}
