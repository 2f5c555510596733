// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campuses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('short_name', 'text', (col) => col.notNull())
    .addColumn('email_domains', 'text', (col) => col.notNull().defaultTo('[]')) // JSON array
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text', (col) => col.notNull().defaultTo('US'))
    .addColumn('launch_date', 'text')
    .addColumn('logo_url', 'text', (col) => col.notNull())
    .addColumn('privacy', 'text', (col) => col.notNull().check(sql`privacy in ('private', 'public')`))
    .addColumn('host_names', 'text', (col) => col.notNull().defaultTo('[]')) // JSON array
    .addColumn('color', 'text', (col) => col.notNull())
    .addColumn('is_generic', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // spec 1 §3 User.
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('campus_id', 'text', (col) => col.notNull().references('campuses.id'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('school_email', 'text')
    .addColumn('grad_year', 'integer')
    .addColumn('phone', 'text')
    .addColumn('img', 'text')
    .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('birth_month', 'integer')
    .addColumn('birth_day', 'integer')
    .addColumn('birth_year', 'integer')
    .addColumn('gender', 'text', (col) => col.check(sql`gender in ('male', 'female', 'other')`))
    .addColumn('profile_set_up', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('getting_started', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('school_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('school_verified_at', 'text')
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('individual'))
    .addColumn('email_notifications', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('available_funds', 'integer', (col) => col.notNull().defaultTo(0)) // cents
    .addColumn('total_posts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_modified', 'text', (col) => col.notNull())
    .execute();

  // spec 1 §5: usernames are stored lowercase and unique; e-mail unique case-insensitively.
  await db.schema.createIndex('users_username_unique').on('users').column('username').unique().execute();
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
  await db.schema
    .createIndex('users_campus_members')
    .on('users')
    .columns(['campus_id', 'school_verified', 'school_verified_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('campuses').execute();
}
