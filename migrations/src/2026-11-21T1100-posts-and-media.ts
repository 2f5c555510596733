// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // spec 2 §3 Post: posts, comments and replies share one table; a comment has a parent.
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('campus_id', 'text', (col) => col.notNull().references('campuses.id'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('post').check(sql`type in ('post', 'new user')`))
    .addColumn('text_json', 'text', (col) => col.notNull())
    .addColumn('text_plain', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category', 'text')
    .addColumn('price', 'integer') // whole US dollars (spec 2 §5)
    .addColumn('parent_id', 'text', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('comment_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('img_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_sold', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('edited_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_modified', 'text', (col) => col.notNull())
    .execute();

  // The feed: campus top-level posts by last activity, with the id as tie-breaker for cursors.
  await sql`create index posts_feed on posts (campus_id, last_modified desc, id desc) where parent_id is null`.execute(
    db,
  );
  await db.schema.createIndex('posts_parent').on('posts').columns(['parent_id', 'created_at']).execute();
  await db.schema.createIndex('posts_user').on('posts').columns(['user_id', 'last_modified']).execute();

  await db.schema
    .createTable('post_media')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('image', 'video')`))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('thumb_path', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('placeholder', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_media_post').on('post_media').columns(['post_id', 'position']).execute();

  await db.schema
    .createTable('post_likes')
    .addColumn('post_id', 'text', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_likes_pk', ['post_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_likes').execute();
  await db.schema.dropTable('post_media').execute();
  await db.schema.dropTable('posts').execute();
}
