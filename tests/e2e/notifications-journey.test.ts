import { copyFile, mkdir } from 'node:fs/promises';
import { uuidv7 } from '@campus/shared/ids';
import type { UnreadCountsDto } from '@campus/shared/notifications-api';
import { PUSH_MESSAGES } from '@campus/shared/push-api';
import { scaled } from '@campus/shared/time-scale';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fetchJsonInPage } from '../support/campus-api.ts';
import { signedInPage } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectVisible,
  gotoApp,
  PHONE,
  reloadApp,
  saveScreenshot,
  watchNothingHappens,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

/** The addresses of images on the page that finished loading without a picture. */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.src),
  );
}
const SHOTS = '/work/briefs/shots/notifweb';
const FANOUT_SHOTS = '/work/briefs/shots/fanout';

/** Where a screenshot of this task goes (/work/briefs/shots/fanout). */
async function shotPath(name: string): Promise<string> {
  await mkdir(FANOUT_SHOTS, { recursive: true });
  return `${FANOUT_SHOTS}/${name}.png`;
}

async function shot(page: Page, name: string): Promise<void> {
  const file = await saveScreenshot(page, name);
  await mkdir(SHOTS, { recursive: true }).catch(() => undefined);
  await copyFile(file, `${SHOTS}/${name}.png`).catch(() => undefined);
}

/** Exactly three unread 'comment interaction' rows for `email`, from another student, about three posts of the campus. */
async function seedUnread(email: string, fromEmail: string): Promise<void> {
  const { db } = suite.server.server;
  const to = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const from = await db.selectFrom('users').select('id').where('email', '=', fromEmail).executeTakeFirstOrThrow();
  const posts = await db
    .selectFrom('posts')
    .select('id')
    .where('campus_id', '=', 'ou')
    .where('parent_id', 'is', null)
    .limit(3)
    .execute();
  const at = new Date().toISOString();
  // Only these three: whatever the journeys before gave them goes.
  await db.deleteFrom('notifications').where('to_user_id', '=', to.id).execute();
  await db
    .insertInto('notifications')
    .values(
      posts.map((post) => ({
        id: uuidv7(),
        campus_id: 'ou',
        to_user_id: to.id,
        type: 'comment interaction' as const,
        merge_key: `comment interaction:${post.id}`,
        from_user_id: from.id,
        post_id: post.id,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/** No network for the app: the page's and the service worker's API requests fail, sockets too (STACK.md). */
async function cutApi(context: BrowserContext, pattern = '**/api/**'): Promise<void> {
  await context.route(pattern, (route) => route.abort('internetdisconnected'));
}

/** The number on a badge, or 0 when it is not shown (spec 1 §2). */
function badge(page: Page, scope: string, kind: 'notifications' | 'chats' | 'all') {
  return () =>
    page
      .locator(`${scope} .unread-badge[data-unread="${kind}"]`)
      .first()
      .textContent({ timeout: scaled(500) })
      .then((text) => Number(text ?? 0))
      .catch(() => 0);
}

// issue 21 (second slice): /notifications and the unread badges, live over the sync socket.
describe('notifications on ou.localhost', () => {
  it("shows 'Nothing to see here - yet' to a student with none", async () => {
    const origin = suite.server.origin('ou');
    const { page, context } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    await gotoApp(page, `${origin}/notifications`);
    await expectVisible(page.getByRole('heading', { name: 'Notifications', level: 1 }));
    await expectVisible(page.getByText('Nothing to see here - yet', { exact: true }));
    await shot(page, 'notifications-empty-390');
    await context.close();
  });

  it("updates the author's badges and list live when another student comments on and saves the post", async () => {
    const origin = suite.server.origin('ou');
    const author = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const authorPhone = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', PHONE);
    const other = await signedInPage(suite.browser, origin, 'marcust@ou.edu', PHONE);

    // B opens one of A's posts, comments on it and saves it.
    await gotoApp(other.page, `${origin}/emilyc`);
    const listing = other.page.getByRole('article').first();
    await expectVisible(listing);
    const postPath = await listing.locator('a.post-card__meta').getAttribute('href');
    expect(postPath).toMatch(/^\/post\//);
    await gotoApp(other.page, `${origin}${postPath}`);
    await other.page.getByLabel('Write a comment…').fill('Is it still available?');
    const comments = other.page.getByRole('region', { name: 'Comments' });
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await expectVisible(other.page.getByText('Is it still available?'));
    await other.page.getByRole('button', { name: /^Save/ }).click();
    await expectVisible(other.page.getByRole('button', { name: /^Saved!/ }));

    // A's badges move without a reload: the sidebar at 1280 px, the bottom bar and header at 390 px.
    await expect.poll(badge(author.page, '.left-sidebar', 'notifications'), { timeout: scaled(15_000) }).toBe(2);
    await expect.poll(badge(authorPhone.page, '.bottom-bar', 'notifications'), { timeout: scaled(15_000) }).toBe(2);
    await expect.poll(badge(authorPhone.page, '.site-header', 'all'), { timeout: scaled(15_000) }).toBe(2);
    await shot(authorPhone.page, 'notifications-badges-390');
    // Below 1000 px the settings back button carries the sum too (spec 1 §2).
    await gotoApp(authorPhone.page, `${origin}/settings/account`);
    await expect.poll(badge(authorPhone.page, '.settings__back', 'all'), { timeout: scaled(15_000) }).toBe(2);
    await gotoApp(authorPhone.page, `${origin}/home`);
    await expect.poll(badge(authorPhone.page, '.bottom-bar', 'notifications'), { timeout: scaled(15_000) }).toBe(2);

    // The list names what happened; displaying the rows marks them read, so the badge goes.
    await author.page
      .getByRole('complementary', { name: 'Main' })
      .getByRole('link', { name: /Notifications/ })
      .click();
    await author.page.waitForURL(`${origin}/notifications`);
    const list = author.page.getByRole('list', { name: 'Notifications' });
    await expectVisible(list.getByText('Marcus T. commented on your post', { exact: true }));
    await expectVisible(list.getByText('Marcus T. saved your post', { exact: true }));
    await expectVisible(list.getByText('Is it still available?', { exact: true }));
    await expect.poll(badge(author.page, '.left-sidebar', 'notifications'), { timeout: scaled(15_000) }).toBe(0);
    await expect.poll(badge(authorPhone.page, '.bottom-bar', 'notifications'), { timeout: scaled(15_000) }).toBe(0);
    await shot(author.page, 'notifications-list-1280');

    // A second comment arrives in the open list live; its row opens the post at the comment.
    await other.page.getByLabel('Write a comment…').fill('I can pick it up today.');
    await comments.getByRole('button', { name: 'Comment', exact: true }).click();
    await expectVisible(other.page.getByText('I can pick it up today.'));
    const row = list.getByRole('link').filter({ hasText: 'I can pick it up today.' });
    await expectVisible(row);
    await gotoApp(authorPhone.page, `${origin}/notifications`);
    await expectVisible(authorPhone.page.getByText('I can pick it up today.', { exact: true }));
    await shot(authorPhone.page, 'notifications-list-390');
    // The rows seen are on the device: offline, the screen opens from them.
    await authorPhone.context.setOffline(true);
    await authorPhone.page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Home' }).click();
    await authorPhone.page.waitForURL(`${origin}/home`);
    await authorPhone.page
      .getByRole('navigation', { name: 'Quick' })
      .getByRole('link', { name: 'Notifications' })
      .click();
    await expectVisible(authorPhone.page.getByText('I can pick it up today.', { exact: true }));
    await expectVisible(authorPhone.page.getByText('Marcus T. saved your post', { exact: true }));
    await row.click();
    // …at that comment: the address names it, and it is focused and tinted.
    await author.page.waitForURL((url) => url.pathname === postPath && url.hash.startsWith('#comment-'));
    const target = author.page.locator('.comment--target');
    await expectVisible(target.getByText('I can pick it up today.', { exact: true }));
    await expect.poll(() => target.evaluate((element) => element === document.activeElement)).toBe(true);
    await shot(author.page, 'notification-opens-comment-1280');

    await author.context.close();
    await authorPhone.context.close();
    await other.context.close();
  });

  it('reads notifications offline: the badge drops at once and stays down, and the server hears of it once back online', async () => {
    await seedUnread('jordanw@ou.edu', 'sofiar@ou.edu');
    const origin = suite.server.origin('ou');
    const jordan = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', PHONE, { controlled: true });
    const { page, context } = jordan;
    await expect.poll(badge(page, '.bottom-bar', 'notifications'), { timeout: scaled(15_000) }).toBe(3);

    // Online, the list is fetched and kept on the device; the read itself does not get through this time.
    await cutApi(context, '**/api/notifications/read');
    await page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Notifications' }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: scaled(15_000) }).toBe(3);
    await expect.poll(badge(page, '.bottom-bar', 'notifications'), { timeout: scaled(15_000) }).toBe(0);
    await page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${origin}/home`);

    // Offline: no API, no socket. Reopened from the device, the rows are there, read, and the badge is 0.
    await context.setOffline(true);
    await cutApi(context);
    let isSocketCut = true;
    await context.routeWebSocket(/\/api\/sync/, (socket) => {
      if (isSocketCut) void socket.close();
      else socket.connectToServer();
    });
    await gotoApp(page, `${origin}/notifications`);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: scaled(15_000) }).toBe(3);
    await expectVisible(list.getByText('Sofia R. also commented on a post you commented on').first());
    await expect.poll(badge(page, '.bottom-bar', 'notifications'), { timeout: scaled(15_000) }).toBe(0);
    // Nothing offered that needs the network, and no broken image (the header's avatar included).
    expect(await page.getByRole('button', { name: PUSH_MESSAGES.turnOn }).count()).toBe(0);
    await expect.poll(() => brokenImages(page)).toEqual([]);
    await page.screenshot({ path: await shotPath('notifications-read-offline-390') });
    await page.setViewportSize(DESKTOP);
    await expect.poll(badge(page, '.left-sidebar', 'notifications'), { timeout: scaled(15_000) }).toBe(0);
    await expect.poll(() => brokenImages(page)).toEqual([]);
    await page.screenshot({ path: await shotPath('notifications-read-offline-1280') });
    await page.setViewportSize(PHONE);

    // Back online, but the read still waits: the server's count (3) comes first and does not bring the badge back.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await cutApi(context, '**/api/notifications/read');
    isSocketCut = false;
    await context.setOffline(false);
    const counted = page.waitForResponse((response) => response.url().endsWith('/api/notifications/unread'));
    await gotoApp(page, `${origin}/home`);
    expect(await (await counted).json()).toEqual({ notifications: 3, chats: 0 });
    await watchNothingHappens(500);
    expect(await badge(page, '.bottom-bar', 'notifications')()).toBe(0);

    // The read goes through: the server has them read, and the badge stays 0 after a reload.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/notifications/read'));
    await reloadApp(page);
    expect((await sent).status()).toBe(200);
    await expect
      .poll(() => fetchJsonInPage<UnreadCountsDto>(page, '/api/notifications/unread'), { timeout: scaled(15_000) })
      .toEqual({ notifications: 0, chats: 0 });
    await reloadApp(page);
    await expectVisible(page.getByRole('navigation', { name: 'Quick' }));
    await watchNothingHappens(500);
    expect(await badge(page, '.bottom-bar', 'notifications')()).toBe(0);
    await context.close();
  });
});
