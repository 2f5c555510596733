import { copyFile, mkdir } from 'node:fs/promises';
import { PUSH_MESSAGES, type PushPayload } from '@campus/shared/push-api';
import { scaled } from '@campus/shared/time-scale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { launchChromium } from '../support/browser.ts';
import { openChatFromProfile, send } from '../support/chat-page.ts';
import { signIn } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectVisible,
  gotoApp,
  PHONE,
  saveScreenshot,
  waitForServiceWorkerControl,
} from '../support/e2e-page.ts';
import {
  clickNotification,
  deliverToServiceWorker,
  pushAsksOf,
  shownNotifications,
  usePushServiceInBrowser,
} from '../support/push-browser.ts';
import { type PushService, startPushService } from '../support/push-service/push-service.ts';

const SHOTS = '/work/briefs/shots/push';

async function shot(page: Page, name: string): Promise<void> {
  const file = await saveScreenshot(page, name);
  await mkdir(SHOTS, { recursive: true }).catch(() => undefined);
  await copyFile(file, `${SHOTS}/${name}.png`).catch(() => undefined);
}

let service: PushService;
let server: AppServer;
let browser: Browser;
beforeAll(async () => {
  // The stand-in push service first: the app server trusts its certificate, for pushes only.
  service = await startPushService();
  [server, browser] = await Promise.all([
    startAppServer({ env: { PUSH_CA_FILE: service.certFile, PUSH_SERVICE_HOSTS: 'localhost' } }),
    // The whole browser: the headless shell has no Push API.
    launchChromium({ full: true }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await service?.close();
});

function subscriptionsOf(email: string) {
  return server.server.db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select('push_subscriptions.endpoint')
    .where('users.email', '=', email)
    .execute();
}

// issue 21, web push (decision 034).
describe('web push on ou.localhost', () => {
  it('A turns push on from the card; B comments on and saves A’s post; the pushes arrive, show and open the post; logout removes it', async () => {
    const origin = server.origin('ou');
    const authorContext = await browser.newContext({ viewport: DESKTOP });
    authorContext.setDefaultTimeout(scaled(10_000));
    const device = await usePushServiceInBrowser(authorContext, service, origin);
    const author = await authorContext.newPage();
    await signIn(author, origin, 'emilyc@ou.edu');
    await waitForServiceWorkerControl(author);
    // Nothing is asked on page load, on the feed or on /notifications.
    expect(await pushAsksOf(author)).toEqual({ permission: 0, subscribe: 0 });

    await gotoApp(author, `${origin}/notifications`);
    const card = author.getByRole('region', { name: 'Push notifications' });
    await expectVisible(card.getByText(PUSH_MESSAGES.why, { exact: true }));
    expect(await pushAsksOf(author)).toEqual({ permission: 0, subscribe: 0 });
    await shot(author, 'push-card-1280');
    await author.setViewportSize(PHONE);
    await shot(author, 'push-card-390');
    await author.setViewportSize(DESKTOP);

    // The sentence first, then the student's tap asks.
    await card.getByRole('button', { name: PUSH_MESSAGES.turnOn }).click();
    await expect.poll(() => card.isVisible()).toBe(false);
    expect(await pushAsksOf(author)).toEqual({ permission: 1, subscribe: 1 });
    await expect.poll(async () => (await subscriptionsOf('emilyc@ou.edu')).length).toBe(1);
    expect((await subscriptionsOf('emilyc@ou.edu'))[0]?.endpoint).toBe(device.current()?.endpoint);

    // B opens one of A's posts, comments on it and saves it.
    const otherContext = await browser.newContext({ viewport: PHONE });
    otherContext.setDefaultTimeout(scaled(10_000));
    const other = await otherContext.newPage();
    await signIn(other, origin, 'marcust@ou.edu');
    await gotoApp(other, `${origin}/emilyc`);
    const listing = other.getByRole('article').first();
    await expectVisible(listing);
    const postPath = await listing.locator('a.post-card__meta').getAttribute('href');
    expect(postPath).toMatch(/^\/post\//);
    // A comment's push opens the post at that comment.
    const atComment = expect.stringMatching(new RegExp(`^${postPath}#comment-[\\w-]+$`));
    await gotoApp(other, `${origin}${postPath}`);
    await other.getByLabel('Write a comment…').fill('Is the desk still available?');
    await other.getByRole('region', { name: 'Comments' }).getByRole('button', { name: 'Comment', exact: true }).click();
    await expectVisible(other.getByText('Is the desk still available?'));
    await other.getByRole('button', { name: /^Save/ }).click();
    await expectVisible(other.getByRole('button', { name: /^Saved!/ }));

    // The stand-in push service got both: VAPID verified, decrypted to the in-app words and the post's link.
    await service.waitForCount(2);
    expect(service.refused).toEqual([]);
    const pushes = service.received.map((push) => ({ ...push, payload: JSON.parse(push.data) as PushPayload }));
    expect(pushes.map((push) => push.endpoint)).toEqual([device.current()?.endpoint, device.current()?.endpoint]);
    expect(pushes.map((push) => [push.payload.title, push.payload.body, push.payload.url]).sort()).toEqual([
      ['Marcus T. commented on your post', 'Is the desk still available?', atComment],
      ['Marcus T. saved your post', '', postPath],
    ]);

    // The browser hands each to the real service worker, which shows it.
    await deliverToServiceWorker(
      author,
      origin,
      pushes.map((push) => push.data),
    );
    await expect
      .poll(async () => (await shownNotifications(author)).map((shown) => shown.title).sort())
      .toEqual(['Marcus T. commented on your post', 'Marcus T. saved your post']);
    const shown = await shownNotifications(author);
    const commentPush = shown.find((item) => item.title === 'Marcus T. commented on your post');
    expect(commentPush).toMatchObject({ body: 'Is the desk still available?', data: { url: atComment } });

    // A is elsewhere; clicking the notification brings the open window to the post.
    await gotoApp(author, `${origin}/home`);
    await clickNotification(authorContext, commentPush?.tag ?? '');
    await author.waitForURL((url) => url.pathname === postPath && url.hash.startsWith('#comment-'));
    // …at the comment: focused, so a keyboard or screen-reader user starts there.
    await expect
      .poll(() => author.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Is the desk still available?');

    // The per-device switch: on, then off and on again, each reaching the server.
    await gotoApp(author, `${origin}/settings/account/notifications`);
    const toggle = author.getByRole('switch', { name: PUSH_MESSAGES.deviceSwitch });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await shot(author, 'push-settings-1280');
    await author.setViewportSize(PHONE);
    await shot(author, 'push-settings-390');
    await author.setViewportSize(DESKTOP);
    await toggle.click();
    await expect.poll(async () => (await subscriptionsOf('emilyc@ou.edu')).length).toBe(0);
    expect(device.current()).toBeNull();
    await toggle.click();
    await expect.poll(async () => (await subscriptionsOf('emilyc@ou.edu')).length).toBe(1);

    // Logout: the device unsubscribes and the server has no subscription of A left.
    await gotoApp(author, `${origin}/logout`);
    await author.getByRole('button', { name: 'Log Out' }).click();
    await author.waitForURL(`${origin}/home`);
    await expect.poll(async () => (await subscriptionsOf('emilyc@ou.edu')).length).toBe(0);
    expect(device.current()).toBeNull();

    await authorContext.close();
    await otherContext.close();
  });

  it('offers the card after a first message and after a post is sent; “Not now” is remembered and nothing is asked', async () => {
    const origin = server.origin('ou');
    const context = await browser.newContext({ viewport: DESKTOP });
    context.setDefaultTimeout(scaled(10_000));
    await usePushServiceInBrowser(context, service, origin);
    const page = await context.newPage();
    await signIn(page, origin, 'priyas@ou.edu');
    const card = page.getByRole('region', { name: 'Push notifications' });
    // A first message in a chat: the card below the conversation.
    await openChatFromProfile(page, origin, 'jordanw');
    expect(await card.count()).toBe(0);
    await send(page, 'Hi! Is the mini fridge still for sale?');
    await expectVisible(card.getByText(PUSH_MESSAGES.why, { exact: true }));
    await shot(page, 'push-card-after-message-1280');
    // A sent post: the card under 'Your post was sent'.
    await page.getByRole('link', { name: 'Create Post' }).click();
    const composer = page.getByRole('dialog', { name: 'Create Post' });
    await composer.getByLabel('Post text').click();
    await page.keyboard.type('Reading lamp, works fine');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await page.waitForURL(`${origin}/home?filter=notify-posted`);
    await expectVisible(page.getByText('Your post was sent', { exact: true }));
    await expectVisible(card.getByText(PUSH_MESSAGES.why, { exact: true }));
    await shot(page, 'push-card-after-post-1280');
    await card.getByRole('button', { name: PUSH_MESSAGES.notNow }).click();
    await expect.poll(() => card.isVisible()).toBe(false);
    await gotoApp(page, `${origin}/notifications`);
    await expectVisible(page.getByRole('heading', { name: 'Notifications', level: 1 }));
    await expect.poll(() => card.count()).toBe(0);
    expect(await pushAsksOf(page)).toEqual({ permission: 0, subscribe: 0 });
    expect(await subscriptionsOf('priyas@ou.edu')).toEqual([]);
    await context.close();
  });

  it('on an iPhone outside the Home Screen app, the card says to add the app there first and offers no switch to turn on', async () => {
    const origin = server.origin('ou');
    const context = await browser.newContext({
      viewport: PHONE,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    context.setDefaultTimeout(scaled(10_000));
    await usePushServiceInBrowser(context, service, origin);
    const page = await context.newPage();
    await signIn(page, origin, 'priyas@ou.edu');
    await gotoApp(page, `${origin}/notifications`);
    const card = page.getByRole('region', { name: 'Push notifications' });
    await expectVisible(card.getByText(PUSH_MESSAGES.iosHomeScreen, { exact: true }));
    expect(await card.getByRole('button', { name: PUSH_MESSAGES.turnOn }).count()).toBe(0);
    await shot(page, 'push-card-ios-390');
    expect(await pushAsksOf(page)).toEqual({ permission: 0, subscribe: 0 });
    await context.close();
  });
});
