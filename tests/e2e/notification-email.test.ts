import { copyFile, mkdir } from 'node:fs/promises';
import { scaled } from '@campus/shared/time-scale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../support/app-server.ts';
import { launchChromium } from '../support/browser.ts';
import { openChatFromProfile, send } from '../support/chat-page.ts';
import { signedInPage } from '../support/demo-session.ts';
import { readMailbox } from '../support/dev-mailbox.ts';
import {
  DESKTOP,
  expectVisible,
  gotoApp,
  openPage,
  PHONE,
  reloadApp,
  saveScreenshot,
  watchNothingHappens,
} from '../support/e2e-page.ts';

const SHOTS = '/work/briefs/shots/mail';
/** Short enough for a test, long enough that a comment and a message typed after it make one burst. */
const QUIET_MS = 5_000;
const OWNER = 'emilyc@ou.edu';

let server: AppServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer({
      env: { NOTIFICATION_MAIL_QUIET_MS: String(QUIET_MS), NOTIFICATION_MAIL_INTERVAL_MS: '200' },
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  const file = await saveScreenshot(page, name);
  await mkdir(SHOTS, { recursive: true }).catch(() => undefined);
  await copyFile(file, `${SHOTS}/${name}.png`).catch(() => undefined);
}

interface DevMail {
  subject: string;
  html: string;
  headers: Record<string, string>;
}

/** The mails to `to`, newest first, as the dev mailbox's JSON lists them (asked from the page: *.localhost resolves in Chromium only). */
async function mailsTo(page: Page, to: string): Promise<DevMail[]> {
  const body = await page.evaluate(
    async (url) => (await fetch(url, { cache: 'no-store' })).json(),
    `/api/dev/mail?to=${encodeURIComponent(to)}`,
  );
  return (body as { mails: DevMail[] }).mails;
}

/** B comments on one of A's posts; answers the post's path. */
async function commentOnOwnersPost(page: Page, origin: string, text: string, postPath?: string): Promise<string> {
  let path = postPath;
  if (!path) {
    await gotoApp(page, `${origin}/emilyc`);
    const listing = page.getByRole('article').first();
    await expectVisible(listing);
    path = (await listing.locator('a.post-card__meta').getAttribute('href')) ?? '';
  }
  await gotoApp(page, `${origin}${path}`);
  await page.getByLabel('Write a comment…').fill(text);
  await page.getByRole('region', { name: 'Comments' }).getByRole('button', { name: 'Comment', exact: true }).click();
  await expectVisible(page.getByText(text));
  return path;
}

// spec 2 §4, issue 21 (decision 033): the batched notification e-mail, its unsubscribe link and the switch.
describe('notification e-mail on ou.localhost', () => {
  it('mails a burst once, unsubscribes signed out from its link, and the settings switch turns it back on', async () => {
    const origin = server.origin('ou');
    const other = await signedInPage(browser, origin, 'marcust@ou.edu', PHONE);
    const before = (await mailsTo(other.page, OWNER)).length;

    // B comments on A's post and messages A: one burst.
    const postPath = await commentOnOwnersPost(other.page, origin, 'Is the desk still available?');
    await openChatFromProfile(other.page, origin, 'emilyc');
    await send(other.page, 'I can pick it up tonight.');

    // One mail, once the burst has been quiet, read from the loopback mailbox like a person would.
    await expect
      .poll(async () => (await mailsTo(other.page, OWNER)).length, { timeout: scaled(30_000) })
      .toBe(before + 1);
    const mail = await readMailbox(other.page, OWNER);
    expect(mail.subject).toBe('2 new notifications on OU Buy / Sell');
    // The comment's line opens the post at that comment.
    expect(mail.links.some((link) => link.startsWith(`${origin}${postPath}#comment-`))).toBe(true);
    expect(mail.links.some((link) => link.startsWith(`${origin}/messages/`))).toBe(true);
    const [sent] = await mailsTo(other.page, OWNER);
    expect(sent?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(sent?.headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/ou\.localhost:\d+\/api\/notifications\/unsubscribe\?token=/,
    );
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const view = await browser.newPage({ viewport });
      await view.setContent(sent?.html ?? '');
      await shot(view, `notification-mail-${width}`);
      await view.close();
    }
    const mailbox = await openPage(browser, `${origin}/dev/mail?to=${encodeURIComponent(OWNER)}`, PHONE);
    await shot(mailbox.page, 'dev-mailbox-390');
    await mailbox.context.close();

    // Its unsubscribe link, opened signed out.
    const unsubscribeLink = mail.links.find((link) => link.includes('/unsubscribe?token='));
    expect(unsubscribeLink).toBeDefined();
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const signedOut = await openPage(browser, unsubscribeLink ?? '', viewport);
      // It asks first (a mail scanner that opens the link turns nothing off); the button unsubscribes.
      await expectVisible(signedOut.page.getByRole('heading', { name: 'Stop notification e-mails?', level: 1 }));
      await shot(signedOut.page, `unsubscribe-ask-${width}`);
      await signedOut.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expectVisible(
        signedOut.page.getByRole('heading', { name: 'You will no longer get notification e-mails', level: 1 }),
      );
      await expectVisible(signedOut.page.getByRole('link', { name: 'Notification settings' }));
      await shot(signedOut.page, `unsubscribe-${width}`);
      await signedOut.context.close();
    }

    // A new comment after that sends no further mail.
    await commentOnOwnersPost(other.page, origin, 'Any chance of a lower price?', postPath);
    await watchNothingHappens(QUIET_MS + 2_000);
    expect(await mailsTo(other.page, OWNER)).toHaveLength(before + 1);
    await other.context.close();

    // A's settings show the switch off; the keyboard turns it back on, and it stays on.
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const owner = await signedInPage(browser, origin, OWNER, viewport);
      await gotoApp(owner.page, `${origin}/settings/account`);
      await expectVisible(owner.page.getByRole('link', { name: /^Notifications\s*E-mail (on|off)$/ }));
      await shot(owner.page, `account-overview-${width}`);
      // The account overview's row, named by its label and value.
      await owner.page.getByRole('link', { name: /^Notifications\s*E-mail (on|off)$/ }).click();
      await owner.page.waitForURL(`${origin}/settings/account/notifications`);
      const toggle = owner.page.getByRole('switch', { name: 'E-mail notifications' });
      await expectVisible(toggle);
      if (width === 390) {
        expect(await toggle.isChecked()).toBe(false);
        await shot(owner.page, 'notification-settings-off-390');
        await toggle.focus();
        await owner.page.keyboard.press('Space');
        await expectVisible(owner.page.getByText('Account Updated!'));
        await expect.poll(() => toggle.isChecked()).toBe(true);
        await reloadApp(owner.page);
        await expect
          .poll(() => owner.page.getByRole('switch', { name: 'E-mail notifications' }).isChecked())
          .toBe(true);
      } else {
        expect(await toggle.isChecked()).toBe(true);
      }
      await shot(owner.page, `notification-settings-${width}`);
      await owner.context.close();
    }
  });
});
