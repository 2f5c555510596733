import { scaled } from '@campus/shared/time-scale';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messageWith, openChatFromProfile, send } from '../support/chat-page.ts';
import { signedInPage, signIn } from '../support/demo-session.ts';
import { readMailbox } from '../support/dev-mailbox.ts';
import { DESKTOP, expectVisible, gotoApp, openPage, PHONE, saveScreenshot } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();

const INSTAGRAM_DIRECT_URL = 'https://www.instagram.com/direct/inbox/';

function alertWith(page: Page, text: string): Locator {
  return page.locator('.alert', { hasText: text });
}

/** The first listing card on the feed and its post page's address. */
async function firstPost(page: Page, origin: string): Promise<{ card: Locator; url: string }> {
  const card = page.getByRole('article').first();
  await expectVisible(card);
  const href = await card
    .getByRole('link')
    .filter({ has: page.locator('time') })
    .getAttribute('href');
  expect(href).toMatch(/^\/post\/[\w-]+$/);
  return { card, url: `${origin}${href}` };
}

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The visible 'Share Group' buttons (the right sidebar's card is in the page but hidden at 1170 px and below). */
async function visibleShareGroupButtons(page: Page): Promise<number> {
  const buttons = await page.getByRole('button', { name: 'Share Group' }).all();
  const visible = await Promise.all(buttons.map((button) => button.isVisible()));
  return visible.filter(Boolean).length;
}

// Issue 19 item 7, spec 1 §2: the share modal (Email, Instagram, copy link); on phones the system share sheet.
describe('sharing a post', () => {
  it('opens the share modal at 1280px: Email is a mailto with the link, Copy link fills the clipboard, Escape closes', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/home`, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const { card, url } = await firstPost(page, origin);

    await card.getByRole('button', { name: 'Share' }).click();
    const modal = page.getByRole('dialog', { name: 'Share post' });
    await expectVisible(modal);
    // Focus moves into the dialog (the native modal <dialog> traps it).
    expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby'))).toBe(
      'modal-title',
    );
    const email = new URL((await modal.getByRole('link', { name: 'Email' }).getAttribute('href')) ?? '');
    expect(email.protocol).toBe('mailto:');
    expect(email.searchParams.get('subject')).toMatch(/'s post$/);
    expect(email.searchParams.get('body')).toContain(url);
    const instagram = modal.getByRole('link', { name: /^Instagram/ });
    expect(await instagram.getAttribute('href')).toBe(INSTAGRAM_DIRECT_URL);
    await expectVisible(modal.getByText('Copies the link and opens Instagram: paste it in a message.'));
    expect(await modal.getByRole('textbox', { name: 'Link' }).inputValue()).toBe(url);
    await saveScreenshot(page, 'share-post-modal-1280');

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/home');

    await card.getByRole('button', { name: 'Share' }).click();
    await modal.getByRole('button', { name: 'Copy link' }).click();
    await expectVisible(alertWith(page, 'Copied to clipboard'));
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await clipboardText(page)).toBe(url);
    await context.close();
  });

  it("copies the link and opens Instagram's messages from the modal at 390px (no system share sheet here)", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/home`, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    // Instagram itself is not reached from the test machine.
    await context.route('https://www.instagram.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Instagram</title>' }),
    );
    const { card, url } = await firstPost(page, origin);

    await card.getByRole('button', { name: 'Share' }).click();
    const modal = page.getByRole('dialog', { name: 'Share post' });
    await expectVisible(modal);
    await saveScreenshot(page, 'share-post-modal-390');
    const [instagramTab] = await Promise.all([
      context.waitForEvent('page'),
      modal.getByRole('link', { name: /^Instagram/ }).click(),
    ]);
    await instagramTab.waitForLoadState();
    expect(instagramTab.url()).toBe(INSTAGRAM_DIRECT_URL);
    expect(await clipboardText(page)).toBe(url);
    await expectVisible(alertWith(page, 'Copied to clipboard'));
    await context.close();
  });

  it("hands the post's link to the system share sheet on a touch phone that has one", async () => {
    const origin = suite.server.origin('ou');
    const context = await suite.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    // Debian's Chromium has no navigator.share: stand in for the phone's sheet and record what it was given.
    await context.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedData: shared });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const page = await context.newPage();
    await gotoApp(page, `${origin}/home`);
    const { card, url } = await firstPost(page, origin);

    await card.getByRole('button', { name: 'Share' }).tap();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData.length))
      .toBe(1);
    const [data] = await page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);
    expect(data?.url).toBe(url);
    expect(data?.title).toMatch(/'s post$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

// spec 1 §6: "Logged in and fully verified: all member actions. Share Group button shown."
describe('Share Group', () => {
  it('is shown to a verified member at 1280px and 390px and shares the campus site', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/home`, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await signIn(page, origin, 'emilyc@ou.edu');

    const card = page.getByRole('region', { name: 'About This Group', exact: true });
    const button = card.getByRole('button', { name: 'Share Group' });
    await expectVisible(button);
    await button.click();
    const modal = page.getByRole('dialog', { name: 'Share Group' });
    await expectVisible(modal);
    const email = new URL((await modal.getByRole('link', { name: 'Email' }).getAttribute('href')) ?? '');
    expect(email.searchParams.get('subject')).toBe('Join OU Buy / Sell');
    expect(email.searchParams.get('body')).toContain(`${origin}/`);
    await saveScreenshot(page, 'share-group-modal-1280');
    await modal.getByRole('button', { name: 'Copy link' }).click();
    await expectVisible(alertWith(page, 'Copied to clipboard'));
    expect(await clipboardText(page)).toBe(`${origin}/`);

    // Phones have no right sidebar: the About tab carries it.
    await page.setViewportSize(PHONE);
    await gotoApp(page, `${origin}/about`);
    await expectVisible(
      page.getByRole('region', { name: 'About this group', exact: true }).getByRole('button', { name: 'Share Group' }),
    );
    expect(await visibleShareGroupButtons(page)).toBe(1);
    await saveScreenshot(page, 'share-group-about-390');
    await context.close();
  });

  it('is not shown to a visitor, to a student whose school e-mail is not verified, or to a guest from another campus', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/home`, DESKTOP);
    const aboutCard = page.getByRole('region', { name: 'About This Group', exact: true });
    await expectVisible(aboutCard.getByText(/\d+ members?$/));
    expect(await page.getByRole('button', { name: 'Share Group' }).count()).toBe(0);

    // Signed up and e-mail verified, school e-mail not yet (spec 1 §6: no member actions).
    await gotoApp(page, `${origin}/register?email=${encodeURIComponent('noah.kim@example.com')}`);
    await page.getByLabel('Full name').fill('Noah Kim');
    await page.getByLabel('Password').fill('long-enough-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${origin}/verify`);
    await page.getByLabel('Verification code').fill((await readMailbox(page, 'noah.kim@example.com')).code ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${origin}/settings/account/school_email`);
    await gotoApp(page, `${origin}/about`);
    await expectVisible(aboutCard.getByText(/\d+ members?$/));
    expect(await page.getByRole('button', { name: 'Share Group' }).count()).toBe(0);
    await context.close();

    // A verified OU student visiting utexas.localhost is a guest there (docs/decisions/023).
    const utOrigin = suite.server.origin('utexas');
    const guest = await signedInPage(suite.browser, utOrigin, 'emilyc@ou.edu', DESKTOP);
    await gotoApp(guest.page, `${utOrigin}/about`);
    await expectVisible(guest.page.getByRole('region', { name: 'About this group', exact: true }));
    await expectVisible(guest.page.getByRole('region', { name: 'About This Group', exact: true }));
    expect(await guest.page.getByRole('button', { name: 'Share Group' }).count()).toBe(0);
    await guest.context.close();
  });
});

// spec 2 §8 Successes: 'Post saved.' and 'Reaction sent.'
describe('success toasts', () => {
  it("says 'Post saved.' when a member saves a post, online and offline, and not when she unsaves it", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE);
    const cards = page.getByRole('article');
    await expectVisible(cards.first());
    const unsaved = cards.filter({ has: page.getByRole('button', { name: /^Save( · \d+)?$/ }) });

    const first = unsaved.first();
    // Found again by its address: once saved it leaves `unsaved`.
    const href = await first.locator('a.post-card__meta').getAttribute('href');
    const firstCard = cards.filter({ has: page.locator(`a.post-card__meta[href="${href}"]`) });
    const saved = alertWith(page, 'Post saved.');
    await firstCard.getByRole('button', { name: /^Save/ }).click();
    await expectVisible(saved);
    await expectVisible(page.getByRole('status').getByText('Post saved.', { exact: true }));
    await saveScreenshot(page, 'post-saved-toast-390');
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, 'post-saved-toast-1280');
    await expect.poll(() => saved.count(), { timeout: scaled(4_000) }).toBe(0);

    // Taking the save back says nothing.
    await firstCard.getByRole('button', { name: /^Saved!/ }).click();
    await expectVisible(firstCard.getByRole('button', { name: /^Save( · \d+)?$/ }));
    expect(await saved.count()).toBe(0);

    // Offline the save waits in the outbox; the student is told at once.
    await context.setOffline(true);
    await unsaved.nth(1).getByRole('button', { name: /^Save/ }).click();
    await expectVisible(saved);
    await context.close();
  });

  it("says 'Reaction sent.' when a student likes a message", async () => {
    const origin = suite.server.origin('ou');
    const emily = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', DESKTOP);
    const { chatPath } = await openChatFromProfile(emily.page, origin, 'marcust');
    await send(emily.page, 'Is the desk still for sale?');
    await expectVisible(messageWith(emily.page, 'Is the desk still for sale?'));

    const marcus = await signedInPage(suite.browser, origin, 'marcust@ou.edu', PHONE);
    await gotoApp(marcus.page, `${origin}${chatPath}`);
    const message = messageWith(marcus.page, 'Is the desk still for sale?');
    await expectVisible(message);
    await message.getByRole('button', { name: 'Like message', exact: true }).click();
    const reaction = alertWith(marcus.page, 'Reaction sent.');
    await expectVisible(reaction);
    await expectVisible(marcus.page.getByRole('status').getByText('Reaction sent.', { exact: true }));
    await saveScreenshot(marcus.page, 'reaction-sent-toast-390');
    await marcus.page.setViewportSize(DESKTOP);
    await saveScreenshot(marcus.page, 'reaction-sent-toast-1280');
    await expect.poll(() => reaction.count(), { timeout: scaled(4_000) }).toBe(0);

    // Taking the like back is no reaction.
    await message.locator('.message__bubble').getByRole('button', { name: 'Unlike message' }).click();
    await expectVisible(message.getByRole('button', { name: 'Like message', exact: true }));
    expect(await reaction.count()).toBe(0);
    await emily.context.close();
    await marcus.context.close();
  });
});
