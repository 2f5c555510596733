import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signedInPage } from '../support/demo-session.ts';
import { DESKTOP, expectVisible, gotoApp, type OpenedPage, openPage, PHONE } from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';
import { entriesFor, pageHeading, SETTINGS_HEADINGS, settingsNav } from '../support/settings-nav.ts';

const suite = useServerAndBrowser();
const VIEWPORTS = [PHONE, DESKTOP];

async function open(browser: Browser, isSignedIn: boolean, viewport: typeof PHONE): Promise<OpenedPage> {
  const origin = suite.server.origin('ou');
  if (isSignedIn) return signedInPage(browser, origin, 'emilyc@ou.edu', viewport);
  return openPage(browser, `${origin}/home`, viewport);
}

/**
 * Brings the navigation back: below 1000px through the back button, above it the navigation stays
 * beside every settings page; from anywhere else, /settings. Decided by the URL, not by what is on
 * screen: a click on a lazy route keeps the old screen up until its chunk has loaded.
 */
async function showNav(page: Page, isNarrow: boolean): Promise<void> {
  const { pathname } = new URL(page.url());
  if (!pathname.startsWith('/settings/')) await gotoApp(page, `${suite.server.origin('ou')}/settings`);
  else if (isNarrow) await page.locator('a.settings__back').click();
  await expectVisible(settingsNav(page));
}

/** spec 3 §2: the four headings and exactly the entries of this sign-in state, in order. */
async function expectNavEntries(page: Page, isSignedIn: boolean): Promise<void> {
  const nav = settingsNav(page);
  await expectVisible(nav);
  expect(await nav.getByRole('heading', { level: 2 }).allTextContents()).toEqual(SETTINGS_HEADINGS);
  const labels = (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
  expect(labels).toEqual(entriesFor(isSignedIn).map((entry) => entry.label));
}

describe.each([false, true])('the settings navigation (signed in: %s)', (isSignedIn) => {
  it.each(VIEWPORTS)('opens every entry at $width px', async (viewport) => {
    const isNarrow = viewport.width < 1000;
    const origin = suite.server.origin('ou');
    const { context, page } = await open(suite.browser, isSignedIn, viewport);
    await gotoApp(page, `${origin}/settings`);
    if (isNarrow) {
      // Below 1000px /settings is the list alone, with no page beside it.
      expect(new URL(page.url()).pathname).toBe('/settings');
      expect(await page.locator('.settings__page').count()).toBe(0);
    } else {
      await page.waitForURL(`${origin}${isSignedIn ? '/settings/account' : '/settings/about'}`);
    }
    await expectNavEntries(page, isSignedIn);
    await expectNoSeriousA11yViolations(page, `settings navigation at ${viewport.width}px`);

    for (const entry of entriesFor(isSignedIn)) {
      await showNav(page, isNarrow);
      await settingsNav(page).getByRole('link', { name: entry.label, exact: true }).click();
      if (entry.heading === null) {
        // Other issues' screens: only where the entry leads. A visitor is sent on to the feed (spec 3 §6,
        // spec 1 §2 guard); waiting for the final address keeps that redirect from racing the next click.
        await page.waitForURL(`${origin}${isSignedIn ? entry.path : '/home'}`);
        continue;
      }
      await page.waitForURL(`${origin}${entry.path}`);
      await expectVisible(pageHeading(page, entry.heading));
      if (isNarrow && entry.path.startsWith('/settings/')) {
        // spec 3 §2: below 1000px a back button instead of the list.
        await expectVisible(page.locator('a.settings__back'));
        expect(await settingsNav(page).count()).toBe(0);
      }
      if (!isSignedIn && entry.path.startsWith('/settings/')) {
        await expectNoSeriousA11yViolations(page, `${entry.path} at ${viewport.width}px`);
      }
    }
    await context.close();
  });
});

describe('settings routes', () => {
  it('shows the not-found page for an unknown settings page, and leads refunds and cookies to their sections', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/settings/no_such_page`);
    await expectVisible(page.getByRole('heading', { name: "This page doesn't exist.", exact: true }));

    await gotoApp(page, `${origin}/settings/refunds`);
    await page.waitForURL(`${origin}/settings/returns#refunds`);
    await expectVisible(page.locator('#refunds').getByRole('heading', { name: 'Refunds' }));

    await gotoApp(page, `${origin}/settings/cookies`);
    await page.waitForURL(`${origin}/settings/privacy#cookies`);
    const cookies = page.locator('#cookies');
    await expectVisible(cookies.getByRole('heading', { name: 'Cookies' }));
    // The fragment scrolls the section into view once the lazy page has rendered.
    await expect.poll(() => cookies.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(300);
    await context.close();
  });
});
