import { NOTIFICATIONS_PAGE_SIZE } from '@campus/shared/notifications-api';
import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import { createMember, createMembers, nextMillisecond } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { comment, markRead, notificationsOf, save, summaryOf, unreadOf } from './notifications.test-helpers.ts';

describe('notifications of comments', () => {
  it('tells the post’s author of a comment, with its text, and the actor nothing', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const buyer = await createMember(app, { first_name: 'Diego' });
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const commentId = await comment(app, buyer, listing.id, 'Is it available?');

    const page = await notificationsOf(app, seller);
    expect(page).toEqual({
      notifications: [
        {
          id: expect.any(String),
          type: 'comment',
          fromUser: expect.objectContaining({ id: buyer.user.id, firstName: 'Diego' }),
          actorCount: 1,
          postId: listing.id,
          commentId,
          chatId: null,
          message: 'Is it available?',
          isRead: false,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
    expect(await unreadOf(app, seller)).toEqual({ notifications: 1, chats: 0 });
    expect((await notificationsOf(app, buyer)).notifications).toEqual([]);
    // The seller answering on their own post is not news to them.
    await comment(app, seller, listing.id, 'Yes!', commentId);
    expect(await unreadOf(app, seller)).toEqual({ notifications: 1, chats: 0 });
  });

  it('a reply tells the comment’s author, the post’s author and everyone else in the thread, each once', async () => {
    const app = await createTestApp();
    const [ann, bob, cat, dan, eve] = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(app)));
    if (!ann || !bob || !cat || !dan || !eve) throw new Error('members');
    const post = await createPost(app.db, { user_id: ann.user.id });
    const bobs = await comment(app, bob, post.id, 'First');
    await nextMillisecond();
    await comment(app, cat, post.id, 'Reply to Bob', bobs);
    expect(await summaryOf(app, bob)).toEqual([['comment reply', cat.user.id, 1]]);
    expect(await summaryOf(app, ann)).toEqual([
      ['post interaction', cat.user.id, 1],
      ['comment', bob.user.id, 1],
    ]);
    await nextMillisecond();
    await comment(app, dan, post.id, 'Top-level');
    await nextMillisecond();
    await comment(app, eve, post.id, 'Also to Bob', bobs);
    // Merged: one 'comment interaction' row per person and post, counting actions since it was read.
    expect(await summaryOf(app, cat)).toEqual([['comment interaction', eve.user.id, 2]]);
    expect(await summaryOf(app, dan)).toEqual([['comment interaction', eve.user.id, 1]]);
    expect(await summaryOf(app, bob)).toEqual([
      ['comment reply', eve.user.id, 1],
      ['comment interaction', dan.user.id, 1],
      ['comment reply', cat.user.id, 1],
    ]);
    expect(await summaryOf(app, ann)).toEqual([
      ['post interaction', eve.user.id, 2],
      ['comment', dan.user.id, 1],
      ['comment', bob.user.id, 1],
    ]);
    expect(await summaryOf(app, eve)).toEqual([]);
  });

  it('someone with several comments in the thread hears of a new one once', async () => {
    const app = await createTestApp();
    const [seller, regular, newcomer] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const first = await comment(app, regular, listing.id, 'One');
    await comment(app, regular, listing.id, 'Two', first);
    await comment(app, newcomer, listing.id, 'Three');
    expect(await summaryOf(app, regular)).toEqual([['comment interaction', newcomer.user.id, 1]]);
  });

  it('a deleted comment takes its own row with it; the merged rows stay without its text', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const commentId = await comment(app, buyer, listing.id, 'Mine');
    const removed = await app.request(`/api/posts/${commentId}`, { method: 'DELETE', session: buyer.session });
    expect(removed.status).toBe(200);
    expect(await notificationsOf(app, seller)).toEqual({ notifications: [], nextCursor: null });
    expect(await unreadOf(app, seller)).toEqual({ notifications: 0, chats: 0 });
  });

  it('a deleted post takes every row about it', async () => {
    const app = await createTestApp();
    const [seller, buyer, other] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, buyer, listing.id, 'One');
    await comment(app, other, listing.id, 'Two');
    await save(app, buyer, listing.id);
    const removed = await app.request(`/api/posts/${listing.id}`, { method: 'DELETE', session: seller.session });
    expect(removed.status).toBe(200);
    expect(await app.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });
});

describe('notifications of saves (the spec’s likes)', () => {
  it('a burst of saves is one row: how many, the latest saver, unread again; unsaves undo it', async () => {
    const app = await createTestApp();
    const seller = await createMember(app);
    const savers = await Promise.all([1, 2, 3].map(() => createMember(app)));
    const listing = await createPost(app.db, { user_id: seller.user.id });
    for (const saver of savers) {
      await save(app, saver, listing.id);
      await nextMillisecond();
    }
    const [, second, third] = savers.map((saver) => saver.user.id);
    expect(await summaryOf(app, seller)).toEqual([['save', third, 3]]);
    const [row] = (await notificationsOf(app, seller)).notifications;
    expect(row).toMatchObject({ postId: listing.id, commentId: null, message: null, isRead: false });
    expect(await markRead(app, seller, [row?.id ?? ''])).toEqual({ notifications: 0, chats: 0 });

    // The seller's own save is no news; unsaving the latest names the one before, quietly.
    await save(app, seller, listing.id);
    await save(app, savers[2] ?? seller, listing.id, 'DELETE');
    expect(await summaryOf(app, seller)).toEqual([['save', second, 2]]);
    expect(await unreadOf(app, seller)).toEqual({ notifications: 0, chats: 0 });
    await save(app, savers[2] ?? seller, listing.id);
    expect(await summaryOf(app, seller)).toEqual([['save', third, 3]]);
    expect(await unreadOf(app, seller)).toEqual({ notifications: 1, chats: 0 });

    for (const saver of savers) await save(app, saver, listing.id, 'DELETE');
    expect(await summaryOf(app, seller)).toEqual([]);
  });
});

describe('GET /api/notifications, POST /api/notifications/read, GET /api/notifications/unread', () => {
  it('lists 15 a page, newest activity first, then a null cursor; marking read moves the counts', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const ids: string[] = [];
    for (let index = 0; index < NOTIFICATIONS_PAGE_SIZE + 2; index++) {
      const listing = await createPost(app.db, { user_id: seller.user.id });
      ids.unshift(await comment(app, buyer, listing.id, `Comment ${index}`));
      await nextMillisecond();
    }
    const first = await notificationsOf(app, seller);
    expect(first.notifications.map((row) => row.commentId)).toEqual(ids.slice(0, NOTIFICATIONS_PAGE_SIZE));
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await notificationsOf(app, seller, first.nextCursor ?? '');
    expect(rest.notifications.map((row) => row.commentId)).toEqual(ids.slice(NOTIFICATIONS_PAGE_SIZE));
    expect(rest.nextCursor).toBeNull();

    expect(await unreadOf(app, seller)).toEqual({ notifications: 17, chats: 0 });
    const shown = first.notifications.map((row) => row.id);
    expect(await markRead(app, seller, shown)).toEqual({ notifications: 2, chats: 0 });
    expect(await markRead(app, seller, shown)).toEqual({ notifications: 2, chats: 0 });
    const again = await notificationsOf(app, seller);
    expect(again.notifications.every((row) => row.isRead)).toBe(true);
  });

  it('counts unread chats beside notifications', async () => {
    const app = await createTestApp();
    const [alice, bob] = await createMembers(app, 2);
    const started = await app.request('/api/chats', { session: alice.session, json: { userId: bob.user.id } });
    const { chat } = (await started.json()) as { chat: { id: string } };
    await app.db
      .updateTable('chat_members')
      .set({ has_unread: 1 })
      .where('chat_id', '=', chat.id)
      .where('user_id', '=', bob.user.id)
      .execute();
    expect(await unreadOf(app, bob)).toEqual({ notifications: 0, chats: 1 });
    expect(await unreadOf(app, alice)).toEqual({ notifications: 0, chats: 0 });
  });
});
