import { describe, expect, it } from 'vitest';
import { createBlock, createPost } from '../test/factories.ts';
import { createMember, createMembers } from '../test/post-requests.ts';
import { createTestApp } from '../test/test-app.ts';
import { comment, markRead, notificationsOf, save, summaryOf, unreadOf } from './notifications.test-helpers.ts';

describe('notifications are the recipient’s own', () => {
  it('nobody else can read or mark them read; another campus’s host shows none', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, buyer, listing.id, 'Hi');
    const [row] = (await notificationsOf(app, seller)).notifications;
    const id = row?.id ?? '';
    expect((await notificationsOf(app, buyer)).notifications).toEqual([]);
    expect(await markRead(app, buyer, [id])).toEqual({ notifications: 0, chats: 0 });
    expect(await unreadOf(app, seller)).toEqual({ notifications: 1, chats: 0 });
    // The same session on UT's host: OU's rows are not there, and cannot be marked read from there.
    const onUt = { session: seller.session, host: 'utexas.localhost' };
    expect((await notificationsOf(app, onUt)).notifications).toEqual([]);
    expect(await markRead(app, onUt, [id])).toEqual({ notifications: 0, chats: 0 });
    expect(await unreadOf(app, seller)).toEqual({ notifications: 1, chats: 0 });
  });

  it('marking read needs the same origin (CSRF)', async () => {
    const app = await createTestApp();
    const student = await createMember(app);
    const response = await app.request('/api/notifications/read', {
      session: student.session,
      json: { ids: ['x'] },
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});

describe('no notification across a block or a campus', () => {
  it('a blocked user’s comments and saves notify nobody who blocked them, and none the other way', async () => {
    const app = await createTestApp();
    const [seller, buyer, friend] = await createMembers(app, 3);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    const friends = await comment(app, friend, listing.id, 'Nice');
    await createBlock(app.db, friend.user.id, buyer.user.id);
    await comment(app, buyer, listing.id, 'Mine?');
    await save(app, buyer, listing.id);
    // The seller hears of the buyer; the friend, who blocked the buyer, hears nothing of them.
    expect((await summaryOf(app, seller)).map(([type, from]) => [type, from])).toEqual([
      ['save', buyer.user.id],
      ['comment', buyer.user.id],
      ['comment', friend.user.id],
    ]);
    expect(await summaryOf(app, friend)).toEqual([]);
    // Nor does the buyer hear of the friend's reply to the seller's thread.
    await comment(app, friend, listing.id, 'Reply', friends);
    expect(await summaryOf(app, buyer)).toEqual([]);
  });

  it('a block removes what either user was notified of by the other', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const listing = await createPost(app.db, { user_id: seller.user.id });
    await comment(app, buyer, listing.id, 'Hi');
    await save(app, buyer, listing.id);
    expect(await unreadOf(app, seller)).toEqual({ notifications: 2, chats: 0 });
    const blocked = await app.request(`/api/users/${buyer.user.id}/block`, { method: 'PUT', session: seller.session });
    expect(blocked.status).toBe(200);
    expect(await unreadOf(app, seller)).toEqual({ notifications: 0, chats: 0 });
    expect((await notificationsOf(app, seller)).notifications).toEqual([]);
  });

  it('a user of another campus in a thread hears nothing of it', async () => {
    const app = await createTestApp();
    const [seller, buyer] = await createMembers(app, 2);
    const texan = await createMember(app, { campus_id: 'ut' });
    const listing = await createPost(app.db, { user_id: seller.user.id });
    // A UT student's comment on an OU post (written directly: the API refuses guests' comments).
    const texans = await createPost(app.db, { user_id: texan.user.id, parent_id: listing.id });
    await comment(app, buyer, listing.id, 'Reply', texans.id);
    expect(await summaryOf(app, texan)).toEqual([]);
    expect(await summaryOf(app, { session: texan.session, host: 'ou.localhost' })).toEqual([]);
    expect((await summaryOf(app, seller)).map(([type]) => type)).toEqual(['post interaction']);
  });
});
