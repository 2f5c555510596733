import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findOrCreateChat } from '../chats/chats.repository.ts';
import { findWaitingRecipients } from '../notifications/notification-mail.repository.ts';
import { databaseAt } from './migration-test-helpers.ts';

const BEFORE = '2026-11-25T1000-notifications';
const MAIL = '2026-11-26T1000-notification-mail';

describe('migration 2026-11-26T1000: notification e-mail', () => {
  it('does not mail news from before it, finds waiting rows by the partial index, and goes back down', async () => {
    const { db, migrator, alice, bob } = await databaseAt(BEFORE);
    const { chatId } = await findOrCreateChat(db, 'ou', alice.id, bob.id);
    await sql`insert into notifications (id, campus_id, to_user_id, type, merge_key, from_user_id, chat_id, message,
        created_at, updated_at)
      values ('n1', 'ou', ${bob.id}, 'message', ${`message:${chatId}`}, ${alice.id}, ${chatId}, 'Hi',
        '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')`.execute(db);

    expect((await migrator.migrateTo(MAIL)).error).toBeUndefined();
    expect(await findWaitingRecipients(db, 10)).toEqual([]);
    // A new action merged into the row makes it wait.
    await sql`update notifications set updated_at = '2026-11-26T10:00:00.000Z' where id = 'n1'`.execute(db);
    expect(await findWaitingRecipients(db, 10)).toEqual([
      { to_user_id: bob.id, newest: '2026-11-26T10:00:00.000Z', oldest: '2026-11-26T10:00:00.000Z' },
    ]);
    const plan = await sql<{ detail: string }>`explain query plan
      select to_user_id from notifications where notifications.is_read = 0
        and notifications.type in ('message', 'new chat', 'comment', 'comment reply', 'save')
        and (notifications.mailed_at is null or notifications.mailed_at < notifications.updated_at)
      group by to_user_id`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('notifications_mail_waiting');

    expect((await migrator.migrateDown()).error).toBeUndefined();
    const columns = await sql<{ name: string }>`select name from pragma_table_info('notifications')`.execute(db);
    expect(columns.rows.map((row) => row.name)).not.toContain('mailed_at');
    expect((await migrator.migrateTo(MAIL)).error).toBeUndefined();
  });
});
