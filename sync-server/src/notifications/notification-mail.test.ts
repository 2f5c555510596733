import { describe, expect, it, onTestFinished } from 'vitest';
import type { Logger } from '../http/logger.ts';
import { startMailer } from '../mail/mailer.ts';
import { createPost } from '../test/factories.ts';
import { createMember, nextMillisecond } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import {
  MAX_WAIT_MS,
  messageFrom,
  messageRow,
  QUIET_MS,
  startTestMailWorker,
} from './notification-mail.test-helpers.ts';
import { comment, markRead, notificationsOf, save } from './notifications.test-helpers.ts';

// spec 2 §4, issue 21 (decision 033): one notification e-mail per recipient and burst.
describe('batched notification e-mail', () => {
  it('mails a burst of five comments and a message as one mail, each line with its link', async () => {
    const app = await createTestApp();
    const seller = await createMember(app, { first_name: 'Emily', email: 'emily@ou.edu' });
    const buyer = await createMember(app, { first_name: 'Marcus', last_name: 'T.' });
    const post = await createPost(app.db, { user_id: seller.user.id });
    const { runAfter } = await startTestMailWorker(app);
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five']) await comment(app, buyer, post.id, text);
    const chatId = await messageFrom(app, buyer, seller, 'Can I pick it up today?');

    expect(await runAfter(0)).toBe(0);
    expect(await runAfter(QUIET_MS)).toBe(1);
    const mails = await app.mails('emily@ou.edu');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('6 new notifications on OU Buy / Sell');
    expect(mail?.text).toContain('Hi Emily, here is what happened on OU Buy / Sell:');
    expect(mail?.text.match(/Marcus T\. commented on your post/g)).toHaveLength(5);
    expect(mail?.text).toContain('“Three”');
    expect(mail?.text).toContain('Marcus T. sent you a message\n“Can I pick it up today?”');
    // Each comment's line opens the post at that comment.
    const commentLinks = mail?.links.filter((link) =>
      link.startsWith(`http://ou.localhost:8080/post/${post.id}#comment-`),
    );
    expect(commentLinks).toHaveLength(5);
    expect(mail?.links).toContain(`http://ou.localhost:8080/messages/${chatId}`);
    expect(mail?.links).toContain('http://ou.localhost:8080/settings/account/notifications');
    // Mailed once: the next pass has nothing to say, and the buyer got nothing.
    expect(await runAfter(QUIET_MS * 2)).toBe(0);
    expect(await app.mails(buyer.user.email)).toEqual([]);
  });

  it('waits for a quiet period after the newest news, but the oldest waits at most the max wait', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const buyer = await createMember(app);
    const post = await createPost(app.db, { user_id: seller.user.id });
    const { runAfter } = await startTestMailWorker(app);
    await save(app, buyer, post.id);

    expect(await runAfter(QUIET_MS - 1_000)).toBe(0);
    // A new action restarts the quiet period…
    await comment(app, buyer, post.id, 'Still there?');
    expect(await runAfter(QUIET_MS - 1_000)).toBe(0);
    // …until the oldest has waited the max wait, even in a burst that goes on.
    expect(await runAfter(MAX_WAIT_MS)).toBe(1);
    const [mail] = await app.mails(seller.user.email);
    expect(mail?.subject).toBe('2 new notifications on OU Buy / Sell');
    expect(mail?.text).toContain('Test U. saved your post');
  });

  it('mails a merged row again when a new action comes after its mail, and never a read row', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const buyer = await createMember(app);
    const post = await createPost(app.db, { user_id: seller.user.id });
    const { runAfter } = await startTestMailWorker(app);
    const chatId = await messageFrom(app, buyer, seller, 'Hi');
    expect(await runAfter(QUIET_MS)).toBe(1);
    await nextMillisecond();
    await messageFrom(app, buyer, seller, 'Are you there?');
    expect(await runAfter(QUIET_MS)).toBe(1);
    const [second] = await app.mails(seller.user.email);
    expect(second?.subject).toBe('Test U. sent you 2 messages');
    expect(second?.links).toContain(`http://ou.localhost:8080/messages/${chatId}`);

    // Seen in the app before the mail was due: not mailed.
    await comment(app, buyer, post.id, 'Read in time');
    const { notifications } = await notificationsOf(app, seller);
    await markRead(
      app,
      seller,
      notifications.map((row) => row.id),
    );
    expect(await runAfter(QUIET_MS)).toBe(0);
    expect(await app.mails(seller.user.email)).toHaveLength(2);
  });

  it('mails only the types the spec names: a reply, not the thread fan-out', async () => {
    const app = await createTestApp();
    const [ann, bob, cat] = [await createMember(app), await createMember(app), await createMember(app)];
    const post = await createPost(app.db, { user_id: ann.user.id });
    const { runAfter } = await startTestMailWorker(app);
    const bobs = await comment(app, bob, post.id, 'First');
    await comment(app, cat, post.id, 'Reply to Bob', bobs);
    await runAfter(QUIET_MS);
    // Bob: 'comment reply' (mailed); Ann: 'comment' (mailed) and 'post interaction' (not mailed).
    const [toBob] = await app.mails(bob.user.email);
    expect(toBob?.subject).toBe('Test U. replied to your comment');
    const [toAnn] = await app.mails(ann.user.email);
    expect(toAnn?.subject).toBe('Test U. commented on your post');
  });

  it('sends nothing to a user who turned notification e-mail off, and not their old news once on again', async () => {
    const app = await createTestApp();
    const seller = await createMember(app, { email_notifications: 0 });
    const buyer = await createMember(app);
    const post = await createPost(app.db, { user_id: seller.user.id });
    const { runAfter } = await startTestMailWorker(app);
    await comment(app, buyer, post.id, 'Hello?');
    expect(await runAfter(QUIET_MS)).toBe(0);
    const turnedOn = await app.request('/api/account/email-notifications', {
      method: 'PUT',
      json: { emailNotifications: true },
      session: seller.session,
    });
    expect(turnedOn.status).toBe(200);
    expect(await runAfter(QUIET_MS)).toBe(0);
    expect(await app.mails(seller.user.email)).toEqual([]);
  });

  it('sends nothing of one’s own actions, across a block, or to an unverified or banned address', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const blocked = await createMember(app);
    const unverified = await createMember(app, { verified: 0 });
    const banned = await createMember(app, { email: 'banned@ou.edu' });
    const post = await createPost(app.db, { user_id: seller.user.id });
    const { runAfter } = await startTestMailWorker(app, { bannedEmails: new Set(['banned@ou.edu']) });
    await comment(app, seller, post.id, 'My own comment');
    await save(app, seller, post.id);
    // A comment before the block (the block takes its row) and a row written as the block lands.
    await comment(app, blocked, post.id, 'Before the block');
    const chatId = await messageFrom(app, blocked, seller, 'Before the block');
    await app.request(`/api/users/${blocked.user.id}/block`, { method: 'PUT', session: seller.session });
    await messageRow(app, blocked, seller, chatId, 'In the same moment');
    for (const owner of [unverified, banned]) {
      const theirs = await createPost(app.db, { user_id: owner.user.id });
      await comment(app, seller, theirs.id, 'News for you');
    }
    expect(await runAfter(QUIET_MS)).toBe(0);
    expect(await app.mails()).toEqual([]);
  });

  it('keeps the news waiting when the SMTP server cannot be reached, and tries that recipient again a minute later', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const buyer = await createMember(app);
    const post = await createPost(app.db, { user_id: seller.user.id });
    // A real SMTP client against a port nothing listens on; the errors are recorded, not printed.
    const errors: string[] = [];
    const logger: Logger = { info: () => undefined, error: (message) => errors.push(message) };
    const unreachable = await startMailer({
      smtpUrl: 'smtp://127.0.0.1:1?connectionTimeout=2000',
      from: app.config.mailFrom,
      db: app.db,
      logger,
    });
    onTestFinished(() => unreachable.close());
    const { runAfter } = await startTestMailWorker(app, { mailer: unreachable, logger });
    await comment(app, buyer, post.id, 'Hello?');
    expect(await runAfter(QUIET_MS)).toBe(0);
    expect(errors).toEqual(['mail send failed', 'notification mail failed']);
    expect(await runAfter(QUIET_MS + 30_000)).toBe(0);
    expect(errors).toHaveLength(2);
    expect(await runAfter(QUIET_MS + 61_000)).toBe(0);
    expect(errors).toHaveLength(4);
    const waiting = await app.db.selectFrom('notifications').select('mailed_at').execute();
    expect(waiting).toEqual([{ mailed_at: null }]);
  });
});
