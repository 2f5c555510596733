// Frozen in time: never import application code here (Kysely migrations guide).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Sessions as in the Lucia guide: the id is the SHA-256 of the random token the cookie holds.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (col) => col.notNull()) // ms since epoch
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  // spec 1 §3 Verification code record, plus the action it authorises and a wrong-try counter.
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (col) =>
      col.notNull().check(sql`action in ('verify user', 'verify school', 'change email')`),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('campus_id', 'text', (col) => col.references('campuses.id'))
    .addColumn('code', 'integer', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (col) => col.notNull()) // ms since epoch
    .execute();
  await db.schema
    .createIndex('verification_codes_user')
    .on('verification_codes')
    .columns(['user_id', 'action'])
    .execute();

  // Single-use tokens mailed as links: e-mail sign-in and password reset. Stored hashed.
  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey()) // SHA-256 of the token
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('sign in', 'reset password')`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('campus_id', 'text', (col) => col.notNull().references('campuses.id'))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('used_at', 'integer')
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_user_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'provider_user_id'])
    .execute();

  // spec 1 §3 Mail request document: every mail the app sends, kept for the dev mailbox and audits.
  await db.schema
    .createTable('mail_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_log', 'oauth_accounts', 'email_tokens', 'verification_codes', 'sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
