import { SEARCH_BOX_TEXT } from '@campus/shared/search-api';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/demo-session.ts';
import {
  DESKTOP,
  expectText,
  expectVisible,
  gotoApp,
  openPage,
  reloadApp,
  saveScreenshot,
  watchNothingHappens,
} from '../support/e2e-page.ts';
import { useServerAndBrowser } from '../support/e2e-suite.ts';

const suite = useServerAndBrowser();
const PHONE_480 = { width: 480, height: 900 };
const WIDE_1170 = { width: 1170, height: 900 };
const BOX_NAME = SEARCH_BOX_TEXT.placeholder('OU');

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: BOX_NAME });
}

function listbox(page: Page) {
  return page.getByRole('listbox', { name: 'Search suggestions' });
}

function group(page: Page, label: string) {
  return listbox(page).getByRole('group', { name: label });
}

/** Counts explicit searches into OU's popular searches, as the box does on Enter (decision 035). */
async function countSearches(page: Page, texts: string[]): Promise<void> {
  for (const q of texts) {
    const isCounted = await page.evaluate(async (text) => {
      const response = await fetch('/api/search/popular', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ q: text }),
      });
      return ((await response.json()) as { isCounted: boolean }).isCounted;
    }, q);
    expect(isCounted, q).toBe(true);
  }
}

// spec 1 §2 "Search box", issue 22 (the header search box), decision 038.
describe('the header search box on OU', () => {
  it("suggests the bike for 'bik', searches it by keyboard, and keeps it in My Recent", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'emilyc@ou.edu', WIDE_1170);
    const box = searchBox(page);

    // Nothing searched yet on this campus: the empty state.
    await box.click();
    await expectText(page.locator('.search-box__empty'), SEARCH_BOX_TEXT.empty);
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.fill('bik');
    const bike = group(page, 'Suggestions').getByRole('option').filter({ hasText: 'Trek FX 2 hybrid bike' });
    await expectVisible(bike);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /suggestion/ })
          .textContent(),
      )
      .toMatch(/^\d+ suggestions?$/);
    await saveScreenshot(page, 'search-box-suggestions-1170');

    // Down makes the first option active (aria-activedescendant), Enter searches its title.
    await box.press('ArrowDown');
    expect(await bike.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await bike.getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    const searched = new URL(page.url()).searchParams.get('q') ?? '';
    expect(searched).toMatch(/^Trek FX 2 hybrid bike, size M\./);
    expect(searched).not.toContain('…');

    // A typed search: Enter with no option active searches the words.
    await box.fill('desk lamp');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'desk lamp');

    await box.fill('guitar');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'guitar');
    // The box does not wait for the device's write: it is there before the next page load.
    await box.click();
    await expect
      .poll(() => group(page, SEARCH_BOX_TEXT.myRecent).getByRole('option').first().innerText())
      .toBe('guitar');

    // Next focus: all three in My Recent, newest first, each with its remove button.
    await gotoApp(page, `${origin}/home`);
    await searchBox(page).click();
    const recent = group(page, SEARCH_BOX_TEXT.myRecent);
    await expectVisible(recent);
    expect(await recent.getByRole('option').allInnerTexts()).toEqual(['guitar', 'desk lamp', searched]);
    await saveScreenshot(page, 'search-box-recent-1170');

    await page.getByRole('button', { name: 'Remove desk lamp from recent searches' }).click();
    await expect.poll(() => recent.getByRole('option').allInnerTexts()).toEqual(['guitar', searched]);
    // The press did not blur the box: the dropdown is still open.
    await expectVisible(listbox(page));
    // By keyboard: Up wraps to the last option (the oldest recent search), Delete removes it.
    await searchBox(page).press('ArrowUp');
    expect(await recent.getByRole('option').last().getAttribute('aria-selected')).toBe('true');
    await searchBox(page).press('Delete');
    await expect.poll(() => recent.getByRole('option').allInnerTexts()).toEqual(['guitar']);
    // Tab reaches 'Clear all' with the dropdown still open; Escape there goes back to the box, closed.
    const clearAll = page.getByRole('button', { name: SEARCH_BOX_TEXT.clearAll, exact: true });
    await searchBox(page).press('Tab');
    await expect.poll(() => clearAll.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectVisible(listbox(page));
    await saveScreenshot(page, 'search-box-clear-all-focused-1170');
    await clearAll.press('Escape');
    await expect.poll(() => page.locator('.search-box__dropdown').count()).toBe(0);
    expect(await searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    // A second Tab, from 'Clear all', leaves the box and closes the dropdown.
    await searchBox(page).press('ArrowDown');
    await searchBox(page).press('Tab');
    await clearAll.press('Tab');
    await expect.poll(() => page.locator('.search-box__dropdown').count()).toBe(0);

    // 'Clear all' by keyboard asks with the spec's words; Cancel keeps her searches and the focus in the box.
    await searchBox(page).focus();
    await searchBox(page).press('Tab');
    await clearAll.press('Enter');
    const confirm = page.getByRole('dialog', { name: SEARCH_BOX_TEXT.clearAllTitle });
    await expectVisible(confirm);
    await expectText(confirm.locator('.modal__text'), SEARCH_BOX_TEXT.clearAllText);
    await saveScreenshot(page, 'search-box-clear-all-1170');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => searchBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => recent.getByRole('option').allInnerTexts()).toEqual(['guitar']);

    // With the mouse, and confirmed: My Recent is gone.
    await clearAll.click();
    await expectVisible(confirm);
    await confirm.getByRole('button', { name: SEARCH_BOX_TEXT.clearAll }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await searchBox(page).click();
    await expect.poll(() => recent.count()).toBe(0);
    // Her two searches were counted on the server: they are this campus's popular searches now.
    expect(await group(page, 'Popular').getByRole('option').allInnerTexts()).toEqual(
      expect.arrayContaining(['desk lamp']),
    );
    await context.close();
  });

  it('shows at most 4 popular searches, picks one with the mouse, and closes on Escape', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'marcust@ou.edu', DESKTOP);
    await countSearches(page, ['sofa', 'guitar', 'mini fridge', 'headphones', 'monstera']);
    await reloadApp(page); // popular searches are read once per page load
    const box = searchBox(page);
    await box.click();
    const popular = group(page, 'Popular').getByRole('option');
    await expect.poll(() => popular.count()).toBe(4);

    // Escape closes; a second Escape clears the words; a click opens it again.
    await box.fill('guit');
    await expectVisible(listbox(page));
    await box.press('Escape');
    await expect.poll(() => page.locator('.search-box__dropdown').count()).toBe(0);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('guit');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    await box.click();
    await expect.poll(() => popular.count()).toBe(4);

    // Up from nothing wraps to the last option; a click picks (no blur before the click).
    await box.press('ArrowUp');
    const options = listbox(page).getByRole('option');
    const last = options.last();
    expect(await last.getAttribute('aria-selected')).toBe('true');
    const text = (await popular.first().innerText()).trim();
    await popular.first().click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === text);

    // A person suggestion opens the profile.
    await searchBox(page).fill('priy');
    const priya = group(page, 'Suggestions').getByRole('option').filter({ hasText: 'Priya S.' });
    await expectVisible(priya);
    await priya.click();
    await page.waitForURL(`${origin}/priyas`);
    await context.close();
  });

  it('opens a full-width dropdown on a 480px phone', async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await signedInPage(suite.browser, origin, 'priyas@ou.edu', PHONE_480);
    const box = searchBox(page);
    await box.fill('bik');
    await expectVisible(group(page, 'Suggestions').getByRole('option').first());
    const width = await page
      .locator('.search-box__dropdown')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(PHONE_480.width - 20);
    await saveScreenshot(page, 'search-box-suggestions-480');
    // The phone layout's last width, then the narrow desktop: under the box again.
    for (const width of [769, 1000]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `search-box-suggestions-${width}`);
    }
    const boxWidth = await box.evaluate((element) => element.closest('form')?.getBoundingClientRect().width ?? 0);
    const dropdownWidth = await page
      .locator('.search-box__dropdown')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(dropdownWidth).toBeCloseTo(boxWidth, 0);
    await context.close();
  });

  it('offline: My Recent still shows, and suggestions come from the device (decisions 038, 039)', async () => {
    const origin = suite.server.origin('ou');
    // Controlled by the service worker, as an installed app is: its scripts open with no network.
    const { context, page } = await signedInPage(suite.browser, origin, 'jordanw@ou.edu', DESKTOP, {
      controlled: true,
    });
    const box = searchBox(page);
    await box.fill('desk lamp');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'desk lamp');
    await context.setOffline(true);
    await box.fill('desk');
    await expectVisible(group(page, SEARCH_BOX_TEXT.myRecent).getByRole('option', { name: 'desk lamp' }));
    // The feed this device read holds the Trek: found with no network.
    await box.fill('bik');
    await expectVisible(group(page, 'Suggestions').getByRole('option').filter({ hasText: 'Trek FX 2 hybrid bike' }));
    // Nothing on the device matches: the empty state, not an error.
    await box.fill('zzzqx');
    await expectText(page.locator('.search-box__empty'), SEARCH_BOX_TEXT.empty);
    expect(await group(page, 'Suggestions').count()).toBe(0);
    await context.close();
  });

  it("asks a visitor to sign in: 'Start searching.' (spec 1 §6, private campus)", async () => {
    const origin = suite.server.origin('ou');
    const { context, page } = await openPage(suite.browser, `${origin}/home`, DESKTOP);
    await searchBox(page).click();
    const gate = page.getByRole('dialog', { name: 'Start searching.' });
    await expectVisible(gate);
    expect(await page.locator('.search-box__dropdown').count()).toBe(0);
    await saveScreenshot(page, 'search-box-visitor-gate-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Closing the modal does not give the focus back to the box (which would open it again).
    await watchNothingHappens(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
