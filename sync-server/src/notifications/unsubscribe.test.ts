import { describe, expect, it } from 'vitest';
import { createPost } from '../test/factories.ts';
import { createMember } from '../test/post-requests.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { findUserById } from '../users/users.repository.ts';
import { QUIET_MS, startTestMailWorker } from './notification-mail.test-helpers.ts';
import { comment } from './notifications.test-helpers.ts';

/** The mail the seller got for a comment, and its two unsubscribe addresses. */
async function mailedSeller(app: TestApp) {
  const seller = await createMember(app);
  const buyer = await createMember(app);
  const post = await createPost(app.db, { user_id: seller.user.id });
  const { runAfter } = await startTestMailWorker(app);
  await comment(app, buyer, post.id, 'Still for sale?');
  expect(await runAfter(QUIET_MS)).toBe(1);
  const [mail] = await app.mails(seller.user.email);
  if (!mail) throw new Error('no mail');
  const oneClick = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  const page = mail.links.find((link) => link.includes('/unsubscribe?token='));
  if (!oneClick || !page) throw new Error('no unsubscribe address');
  return { seller, buyer, post, runAfter, mail, oneClick: new URL(oneClick), page: new URL(page) };
}

async function emailNotificationsOf(app: TestApp, userId: string) {
  return (await findUserById(app.db, userId))?.email_notifications;
}

/** A POST as a mail provider sends it (RFC 8058): no cookie, no Origin, a form body. */
function oneClickPost(app: TestApp, url: URL) {
  return app.request(`${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: '' },
    body: 'List-Unsubscribe=One-Click',
  });
}

describe('unsubscribing from notification e-mail', () => {
  it('carries RFC 8058 headers, and their one-click POST turns the mail off signed out', async () => {
    const app = await createTestApp();
    const { seller, buyer, post, runAfter, mail, oneClick } = await mailedSeller(app);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(oneClick.origin).toBe('http://ou.localhost:8080');
    expect(oneClick.pathname).toBe('/api/notifications/unsubscribe');

    const response = await oneClickPost(app, oneClick);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ emailNotifications: false });
    expect(await emailNotificationsOf(app, seller.user.id)).toBe(0);
    // Nothing more is mailed.
    await comment(app, buyer, post.id, 'Hello again');
    expect(await runAfter(QUIET_MS)).toBe(0);
    expect(await app.mails(seller.user.email)).toHaveLength(1);
  });

  it('the link in the mail asks first: opening it (a mail scanner too) changes nothing; its button unsubscribes', async () => {
    const app = await createTestApp();
    const { seller, page } = await mailedSeller(app);
    const address = `${page.pathname}${page.search}`;
    const asked = await app.request(address);
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('<h1>Stop notification e-mails?</h1>');
    expect(question).toContain(`<form method="post" action="${address.replaceAll('&', '&amp;')}">`);
    expect(await emailNotificationsOf(app, seller.user.id)).toBe(1);

    // The page's own button: a same-origin form post, signed out.
    const done = await app.request(address, { method: 'POST', headers: { Origin: 'http://ou.localhost' } });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain('<h1>You will no longer get notification e-mails</h1>');
    expect(html).toContain('href="/settings/account/notifications"');
    expect(await emailNotificationsOf(app, seller.user.id)).toBe(0);
    // Pressing it twice is harmless.
    expect((await app.request(address, { method: 'POST' })).status).toBe(200);
  });

  it('the settings switch turns the mail back on', async () => {
    const app = await createTestApp();
    const { seller, oneClick } = await mailedSeller(app);
    await oneClickPost(app, oneClick);
    const response = await app.request('/api/account/email-notifications', {
      method: 'PUT',
      json: { emailNotifications: true },
      session: seller.session,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { emailNotifications: boolean } }).user.emailNotifications).toBe(true);
    expect(await emailNotificationsOf(app, seller.user.id)).toBe(1);
  });
});

describe('unsubscribe links that are not ours', () => {
  it('refuses a tampered, missing or foreign token with a clear 400, changing nothing', async () => {
    const app = await createTestApp();
    const { seller, buyer, oneClick } = await mailedSeller(app);
    const token = oneClick.searchParams.get('token') ?? '';
    const [userId, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = [
      `${userId}.${flipped}`,
      // Another user's id under the seller's signature.
      `${buyer.user.id}.${signature}`,
      `${userId}`,
      `${token}.extra`,
      '',
      'not-a-token',
    ];
    for (const bad of tampered) {
      const api = await app.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
      });
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({
        errors: [
          {
            code: 'bad_request',
            msg: 'This unsubscribe link is not valid. You can turn notification e-mails off in Settings instead.',
          },
        ],
      });
      const page = await app.request(`/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This unsubscribe link is not valid.');
    }
    expect(await app.request('/api/notifications/unsubscribe', { method: 'POST' })).toHaveProperty('status', 400);
    expect(await emailNotificationsOf(app, seller.user.id)).toBe(1);
    expect(await emailNotificationsOf(app, buyer.user.id)).toBe(1);
  });

  it('a token signed with another key does not pass', async () => {
    const app = await createTestApp();
    const other = await createTestApp();
    const { seller, oneClick } = await mailedSeller(other);
    // The same user id on this app, under the other app's key.
    await app.db
      .insertInto('users')
      .values({
        ...(await other.db.selectFrom('users').selectAll().where('id', '=', seller.user.id).executeTakeFirstOrThrow()),
      })
      .execute();
    const response = await oneClickPost(app, oneClick);
    expect(response.status).toBe(400);
    expect(await emailNotificationsOf(app, seller.user.id)).toBe(1);
  });
});
